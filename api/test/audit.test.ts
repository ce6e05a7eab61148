import { AUDIT_ACTIONS, type AuditPage } from '@site/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITED } from '../src/audit/actions';
import { pruneAudit } from '../src/audit/retention';
import { permissionOf } from '../src/auth/policy';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { Agent, dbTargets, signUp, signUpAdmin, testApp } from './helpers';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every write route that names a permission (in its own handlers or a `use` over it): where can() audits. */
function guardedWrites(booted: Booted) {
  const middleware = booted.app.routes.filter((r) => r.method === 'ALL' && permissionOf(r.handler));
  const covers = (pattern: string, path: string) =>
    pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;
  const routes = new Set<string>();
  for (const r of booted.app.routes) {
    if (!WRITES.has(r.method)) continue;
    if (permissionOf(r.handler) || middleware.some((m) => covers(m.path, r.path)))
      routes.add(`${r.method} ${r.path}`);
  }
  return routes;
}

describe('every staff write declares what the audit log records (audit/actions.ts)', () => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp('pglite');
  });
  afterAll(async () => booted?.close());

  it('each write route behind a permission has a declaration, and each declaration a route', () => {
    const routes = guardedWrites(booted);
    // The walk finds them at all (a broken walk must not pass by finding none).
    expect(routes.size).toBeGreaterThan(40);
    expect(routes.has('PUT /api/content/:id')).toBe(true);
    const missing = [...routes].filter((r) => !AUDITED[r]);
    expect(missing, 'declare these in api/src/audit/actions.ts').toEqual([]);
    const stale = Object.keys(AUDITED).filter((r) => !routes.has(r));
    expect(stale, 'these declarations name no route').toEqual([]);
  });

  it('every declared action is one the Audit tab knows', () => {
    for (const rule of Object.values(AUDITED)) {
      if ('action' in rule) expect(AUDIT_ACTIONS).toContain(rule.action);
      else expect(rule.skip.length).toBeGreaterThan(10);
    }
  });
});

const article = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  excerpt: 'A short excerpt',
  content: 'Body text long enough to read.',
  category: 'wellness',
  status: 'draft',
  ...extra,
});

describe.each(dbTargets)('the audit log on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  let adminEmail: string;
  let editor: Agent;
  const entries = async () => booted.deps.db.select().from(s.auditLog).orderBy(s.auditLog.id);
  const newest = async () => (await entries()).at(-1)!;

  beforeAll(async () => {
    booted = await testApp(kind);
    const a = await signUpAdmin(booted);
    admin = a.agent;
    adminEmail = a.email;
    const e = await signUp(booted.app);
    await booted.deps.db.update(s.user).set({ role: 'editor' }).where(eq(s.user.email, e.email));
    editor = e.agent;
  }, 60_000);
  afterAll(async () => booted?.close());

  it('a create records who, what, which item, the field names and the address; never a value', async () => {
    const res = await admin.post('/api/content', article('Secret-ish title 7431'));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const entry = await newest();
    expect(entry).toMatchObject({
      actorEmail: adminEmail,
      actorRole: 'admin',
      action: 'article.create',
      itemType: 'article',
      itemId: String(id),
      fields: ['category', 'content', 'excerpt', 'status', 'title'],
      route: 'POST /api/content',
    });
    expect(entry.ip).toMatch(/^10\.0\./);
    expect(JSON.stringify(entry)).not.toContain('7431');
  });

  it('a save names what it did to the publishing state', async () => {
    const { id, updatedAt } = (await (await admin.post('/api/content', article('To publish'))).json()) as {
      id: number;
      updatedAt: string;
    };
    expect((await admin.put(`/api/content/${id}`, { title: 'Renamed', updatedAt })).status).toBe(200);
    expect(await newest()).toMatchObject({ action: 'article.update', fields: ['title', 'updatedAt'] });
    expect((await admin.put(`/api/content/${id}`, { status: 'published' })).status).toBe(200);
    expect((await newest()).action).toBe('article.publish');
    const later = new Date(Date.now() + 86_400_000).toISOString();
    expect((await admin.put(`/api/content/${id}`, { status: 'scheduled', publishedAt: later })).status).toBe(
      200,
    );
    expect((await newest()).action).toBe('article.schedule');
    expect((await admin.put(`/api/content/${id}`, { status: 'draft' })).status).toBe(200);
    expect((await newest()).action).toBe('article.unpublish');
    const bulk = await admin.post('/api/admin/content/bulk', { action: 'publish', ids: [id] });
    expect(bulk.status).toBe(200);
    expect(await newest()).toMatchObject({ action: 'article.bulk', count: 1 });
  });

  it('a refused write records nothing and changes nothing', async () => {
    const before = (await entries()).length;
    const { id } = (await (await admin.post('/api/content', article('Kept'))).json()) as { id: number };
    expect((await entries()).length).toBe(before + 1);
    const stale = await admin.put(`/api/content/${id}`, {
      title: 'Lost',
      updatedAt: '2001-01-01T00:00:00.000Z',
    });
    expect(stale.status).toBe(409);
    expect((await admin.post('/api/content', { title: '' })).status).toBe(400);
    expect((await admin.delete('/api/content/99999999')).status).toBe(404);
    expect((await editor.put('/api/admin/users/nobody/role', { role: 'admin' })).status).toBe(403);
    expect((await entries()).length).toBe(before + 1);
    const [row] = await booted.deps.db.select().from(s.articles).where(eq(s.articles.id, id));
    expect(row?.title).toBe('Kept');
  });

  it('the entry and the change commit together: an entry that cannot be written undoes the change', async () => {
    await booted.deps.db.execute(sql`
      create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused for the test'; end; $$`);
    await booted.deps.db.execute(
      sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`,
    );
    try {
      const res = await admin.post('/api/products', {
        title: 'Never stored',
        description: 'D',
        price: '10.00',
      });
      expect(res.status).toBe(500);
      const rows = await booted.deps.db.select().from(s.products).where(eq(s.products.title, 'Never stored'));
      expect(rows).toEqual([]);
    } finally {
      await booted.deps.db.execute(sql`drop trigger refuse_audit on audit_log`);
      await booted.deps.db.execute(sql`drop function refuse_audit()`);
    }
  });

  it('is append-only: an entry cannot be edited', async () => {
    const err = await booted.deps.db
      .update(s.auditLog)
      .set({ action: 'sign-in' })
      .where(sql`true`)
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(String((err?.cause as Error | undefined)?.message ?? err)).toMatch(/append-only/);
  });

  it('records a staff sign-in, not a reader’s', async () => {
    const before = (await entries()).length;
    const reader = await signUp(booted.app);
    expect((await entries()).length).toBe(before);
    const again = new Agent(booted.app);
    const res = await again.post('/api/auth/sign-in/email', {
      email: adminEmail,
      password: 'correct-horse-battery',
    });
    expect(res.status).toBe(200);
    expect(await newest()).toMatchObject({ action: 'sign-in', actorEmail: adminEmail, itemType: 'user' });
    expect(reader.agent.signedIn).toBe(true);
  });

  it('admins read it with filters and pages, newest first; others cannot', async () => {
    for (const n of [1, 2, 3]) await admin.post('/api/content', article(`Paged ${n}`));
    const first = (await (
      await admin.get('/api/admin/audit?action=article.create&limit=2')
    ).json()) as AuditPage;
    expect(first.entries).toHaveLength(2);
    expect(first.entries[0]!.id).toBeGreaterThan(first.entries[1]!.id);
    expect(first.entries.every((e) => e.action === 'article.create')).toBe(true);
    expect(first.nextBefore).toBe(first.entries[1]!.id);
    const second = (await (
      await admin.get(`/api/admin/audit?action=article.create&limit=2&before=${first.nextBefore}`)
    ).json()) as AuditPage;
    expect(second.entries[0]!.id).toBeLessThan(first.nextBefore!);

    const mine = (await (
      await admin.get(`/api/admin/audit?actor=${encodeURIComponent(adminEmail.toUpperCase())}`)
    ).json()) as AuditPage;
    expect(mine.entries.length).toBeGreaterThan(3);
    expect(mine.entries.every((e) => e.actorEmail === adminEmail)).toBe(true);
    const item = first.entries[0]!;
    const one = (await (
      await admin.get(`/api/admin/audit?itemType=article&itemId=${item.itemId}`)
    ).json()) as AuditPage;
    expect(one.entries.map((e) => e.id)).toEqual([item.id]);
    const today = new Date().toISOString().slice(0, 10);
    const dated = (await (await admin.get(`/api/admin/audit?from=${today}&to=${today}`)).json()) as AuditPage;
    expect(dated.entries.length).toBeGreaterThan(0);
    const past = (await (
      await admin.get('/api/admin/audit?from=2020-01-01&to=2020-01-02')
    ).json()) as AuditPage;
    expect(past).toEqual({ entries: [], nextBefore: null });

    expect((await admin.get('/api/admin/audit?action=article.eat')).status).toBe(400);
    expect((await admin.get('/api/admin/audit?from=2026-02-30')).status).toBe(400);
    expect((await admin.get('/api/admin/audit?from=2026-03-02&to=2026-03-01')).status).toBe(400);
    expect((await editor.get('/api/admin/audit')).status).toBe(403);
    expect((await new Agent(booted.app).get('/api/admin/audit')).status).toBe(401);
  });

  it('exports the filtered entries as CSV', async () => {
    const res = await admin.get('/api/admin/audit/export?action=article.create');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actor_email,actor_id,actor_role,action,item_type,item_id,fields,count,ip,route',
    );
    const count = (await entries()).filter((e) => e.action === 'article.create').length;
    expect(lines).toHaveLength(count + 1);
    expect(lines.slice(1).every((l) => l.includes(',article.create,'))).toBe(true);
    expect((await editor.get('/api/admin/audit/export')).status).toBe(403);
  });

  it('the retention job deletes only entries past the retention days', async () => {
    const old = new Date(Date.now() - 800 * 86_400_000);
    await booted.deps.db.insert(s.auditLog).values([
      { action: 'sign-in', at: old, actorEmail: 'old@example.com' },
      { action: 'sign-in', at: new Date(Date.now() - 700 * 86_400_000), actorEmail: 'kept@example.com' },
    ]);
    const before = (await entries()).length;
    expect(await pruneAudit(booted.deps.db, 730)).toBe(1);
    const after = await entries();
    expect(after).toHaveLength(before - 1);
    expect(after.some((e) => e.actorEmail === 'old@example.com')).toBe(false);
    expect(after.some((e) => e.actorEmail === 'kept@example.com')).toBe(true);
  });
});
