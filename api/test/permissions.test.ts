import { STAFF_ROLES, type StaffRole } from '@site/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowed, permissionOf, refusal } from '../src/auth/policy';
import { roleOf } from '../src/auth/role';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { type AdminFixture, type AdminRoute, adminRoutes, makeAdminFixture, snapshot } from './admin-routes';
import { Agent, dbTargets, signUp, signUpAdmin, testApp } from './helpers';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const rank = (role: StaffRole) => STAFF_ROLES.indexOf(role);

/** The staff routes of the app: everything under /api/admin, and the writes of the content, shop and upload calls. */
function isStaffRoute(method: string, path: string) {
  if (method === 'ALL') return false;
  if (path.startsWith('/api/admin/')) return true;
  return (
    WRITE_METHODS.has(method) &&
    /^\/api\/(content|products|recipes|product-categories|upload)(\/|$)/.test(path)
  );
}

/** A route's path as a pattern: `:id` is one segment, a trailing `*` anything. */
const pattern = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((seg) =>
        seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')}$`,
  );

/** Every staff route (method and path) with the permissions its handlers, and the `use` middleware over it, declare. */
function staffRoutes(booted: Booted) {
  const routes = new Map<string, string[]>();
  const middleware = booted.app.routes.filter((r) => r.method === 'ALL');
  for (const r of booted.app.routes) {
    if (!isStaffRoute(r.method, r.path)) continue;
    const key = `${r.method} ${r.path}`;
    const declared = [
      permissionOf(r.handler),
      ...middleware.filter((m) => pattern(m.path).test(r.path)).map((m) => permissionOf(m.handler)),
    ].filter((a): a is NonNullable<typeof a> => Boolean(a));
    routes.set(key, [...new Set([...(routes.get(key) ?? []), ...declared])]);
  }
  return routes;
}

describe('every admin route names its permission (auth/policy.ts)', () => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp('pglite');
  });
  afterAll(async () => booted?.close());

  it('each staff route declares exactly one action', () => {
    const routes = staffRoutes(booted);
    // The walk finds the app's admin routes at all (a broken walk must not pass by finding none).
    expect(routes.size).toBeGreaterThan(70);
    for (const known of [
      'PUT /api/content/:id',
      'PUT /api/admin/users/:id/role',
      'GET /api/admin/rss/status',
    ]) {
      expect(routes.has(known), known).toBe(true);
    }
    const undeclared = [...routes]
      .filter(([, d]) => d.length !== 1)
      .map(([route, d]) => `${route} (${d.length})`);
    expect(undeclared, "add can('…') from auth/policy.ts to these routes").toEqual([]);
  });

  it('the role walk below covers every staff route (admin-routes.ts lists each one)', () => {
    const listed = adminRoutes.map((r) => {
      const path = r.path(fakeFixture).split('?')[0]!;
      return `${r.method} ${path}`;
    });
    const missing = [...staffRoutes(booted).keys()].filter((route) => {
      const [method, path] = route.split(' ') as [string, string];
      const re = pattern(path);
      return !listed.some((l) => l.startsWith(`${method} `) && re.test(l.slice(method.length + 1)));
    });
    expect(missing, 'add these routes to api/test/admin-routes.ts').toEqual([]);
  });
});

/** Ids for the coverage check only (the paths' shape, not real rows). */
const fakeFixture: AdminFixture = {
  articleId: 1,
  revisionId: 1,
  productId: 1,
  recipeId: 1,
  categoryId: 1,
  emptyCategoryId: 2,
  messageId: 1,
  storyIds: [1, 2],
  userId: 'u1',
  rssSourceId: 1,
  subscriberId: 1,
  sponsorId: 1,
  outboxId: 1,
  invitationId: 'i1',
};

async function staffAgent(booted: Booted, role: StaffRole | null) {
  const signed = await signUp(booted.app);
  await booted.deps.db
    .update(s.user)
    .set({ role, isAdmin: role === 'admin' })
    .where(eq(s.user.email, signed.email));
  const me = (await (await signed.agent.get('/api/auth/user')).json()) as { id: string };
  return { ...signed, id: me.id };
}

describe.each(dbTargets)('roles against every admin route on %s', (kind) => {
  let booted: Booted;
  let fixture: AdminFixture;
  const agents = {} as Record<StaffRole, Agent>;
  beforeAll(async () => {
    booted = await testApp(kind, { env: { UPLOAD_DIR: `/tmp/site-permissions-${process.pid}-${kind}` } });
    for (const role of STAFF_ROLES) agents[role] = (await staffAgent(booted, role)).agent;
    // The users routes act on someone who is none of the agents (ending their sessions is one of them).
    const bystander = await staffAgent(booted, null);
    fixture = await makeAdminFixture(booted, bystander.id);
  }, 120_000);
  afterAll(async () => booted?.close());

  const call = (agent: Agent, route: AdminRoute) =>
    agent.request(route.method, route.path(fixture), route.body?.(fixture));
  const name = (route: AdminRoute) => `${route.method} ${route.path(fixture)}`;

  // Lowest role first: a refused call changes nothing, so the rows are all there for the next role.
  for (const role of STAFF_ROLES) {
    it(`${role}: refused exactly where the table says, with what the role may do, and nothing changes`, async () => {
      const refused = adminRoutes.filter((r) => rank(role) < rank(r.minRole));
      const before = await snapshot(booted);
      for (const route of refused) {
        const res = await call(agents[role], route);
        expect(res.status, name(route)).toBe(403);
        expect(await res.json(), name(route)).toEqual({ message: refusal(role) });
      }
      expect(await snapshot(booted)).toBe(before);
      for (const route of adminRoutes.filter((r) => !refused.includes(r))) {
        const res = await call(agents[role], route);
        // A row an earlier role deleted answers 404: still a call the permission let through.
        expect([401, 403], `${name(route)}: ${await res.clone().text()}`).not.toContain(res.status);
      }
    });
  }
});

describe.each(dbTargets)('own articles on %s', (kind) => {
  let booted: Booted;
  let contributor: Awaited<ReturnType<typeof staffAgent>>;
  let author: Awaited<ReturnType<typeof staffAgent>>;
  let editor: Awaited<ReturnType<typeof staffAgent>>;
  beforeAll(async () => {
    booted = await testApp(kind);
    contributor = await staffAgent(booted, 'contributor');
    author = await staffAgent(booted, 'author');
    editor = await staffAgent(booted, 'editor');
  }, 120_000);
  afterAll(async () => booted?.close());

  const draft = (title: string) => ({
    title,
    excerpt: 'E',
    content: 'C',
    category: 'style',
    status: 'draft',
  });
  const json = async (res: Response) =>
    (await res.json()) as { id: number; status: string; createdBy: string };
  const row = async (id: number) =>
    (await booted.deps.db.select().from(s.articles).where(eq(s.articles.id, id)))[0];

  it('a contributor writes and edits their own drafts but cannot publish, schedule or delete them', async () => {
    const created = await contributor.agent.post('/api/content', draft('Mine'));
    expect(created.status).toBe(201);
    const mine = await json(created);
    expect(mine.createdBy).toBe(contributor.id);
    expect((await contributor.agent.put(`/api/content/${mine.id}`, { title: 'Mine, edited' })).status).toBe(
      200,
    );
    for (const change of [
      { status: 'published' },
      { status: 'scheduled', publishedAt: new Date(Date.now() + 86_400_000).toISOString() },
    ]) {
      const res = await contributor.agent.put(`/api/content/${mine.id}`, change);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: refusal('contributor') });
    }
    const gone = await contributor.agent.delete(`/api/content/${mine.id}`);
    expect(gone.status).toBe(403);
    // A new article without a status would publish (the schema's default): refused, nothing stored.
    const count = (await booted.deps.db.select().from(s.articles)).length;
    expect(
      (await contributor.agent.post('/api/content', { ...draft('Live'), status: 'published' })).status,
    ).toBe(403);
    expect((await booted.deps.db.select().from(s.articles)).length).toBe(count);
    expect((await row(mine.id))?.status).toBe('draft');
    expect((await row(mine.id))?.title).toBe('Mine, edited');
  });

  it("a contributor cannot touch someone else's draft, nor an author someone else's article", async () => {
    const theirs = await json(await editor.agent.post('/api/content', draft("The editor's")));
    for (const agent of [contributor.agent, author.agent]) {
      expect((await agent.put(`/api/content/${theirs.id}`, { title: 'Taken' })).status).toBe(403);
      expect(
        (await agent.put(`/api/admin/content/${theirs.id}/autosave`, { draft: { title: 'x' } })).status,
      ).toBe(403);
      expect((await agent.delete(`/api/content/${theirs.id}`)).status).toBe(403);
      // Reading is for every staff role.
      expect((await agent.get(`/api/admin/content/${theirs.id}`)).status).toBe(200);
    }
    expect((await row(theirs.id))?.title).toBe("The editor's");
  });

  it('an author publishes, schedules and deletes their own articles; an editor changes anyone’s', async () => {
    const mine = await json(await author.agent.post('/api/content', draft('Author draft')));
    const at = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (await author.agent.put(`/api/content/${mine.id}`, { status: 'scheduled', publishedAt: at })).status,
    ).toBe(200);
    expect((await author.agent.put(`/api/content/${mine.id}`, { status: 'published' })).status).toBe(200);
    const published = await json(
      await author.agent.post('/api/content', { ...draft('Straight out'), status: 'published' }),
    );
    expect(published.status).toBe('published');
    expect(
      (await editor.agent.put(`/api/content/${published.id}`, { title: 'Edited by the editor' })).status,
    ).toBe(200);
    expect((await author.agent.delete(`/api/content/${mine.id}`)).status).toBe(204);
    expect((await editor.agent.delete(`/api/content/${published.id}`)).status).toBe(204);
    // A contributor's own draft that an editor published is no longer theirs to change.
    const contributed = await json(await contributor.agent.post('/api/content', draft('Contributed')));
    expect((await editor.agent.put(`/api/content/${contributed.id}`, { status: 'published' })).status).toBe(
      200,
    );
    expect((await contributor.agent.put(`/api/content/${contributed.id}`, { title: 'Later' })).status).toBe(
      403,
    );
  });
});

describe.each(dbTargets)('roles, and a change on the next request, on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  let adminId: string;
  beforeAll(async () => {
    booted = await testApp(kind);
    admin = (await signUpAdmin(booted)).agent;
    adminId = ((await (await admin.get('/api/auth/user')).json()) as { id: string }).id;
  }, 120_000);
  afterAll(async () => booted?.close());

  const roleRow = async (id: string) =>
    (
      await booted.deps.db
        .select({ role: s.user.role, isAdmin: s.user.isAdmin })
        .from(s.user)
        .where(eq(s.user.id, id))
    )[0];

  it('PUT /api/admin/users/{id}/role sets the role, keeps isAdmin true exactly for admins, and lists it', async () => {
    const someone = await staffAgent(booted, null);
    const res = await admin.put(`/api/admin/users/${someone.id}/role`, { role: 'editor' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: someone.id, role: 'editor', isAdmin: false });
    expect(await (await someone.agent.get('/api/auth/user')).json()).toMatchObject({
      role: 'editor',
      isAdmin: false,
    });
    expect(await (await someone.agent.get('/api/auth/admin-status')).json()).toEqual({ isAdmin: false });
    await admin.put(`/api/admin/users/${someone.id}/role`, { role: 'admin' });
    expect(await roleRow(someone.id)).toEqual({ role: 'admin', isAdmin: true });
    expect(await (await someone.agent.get('/api/auth/admin-status')).json()).toEqual({ isAdmin: true });
    const list = (await (await admin.get('/api/admin/users')).json()) as Array<{
      id: string;
      role: string | null;
    }>;
    expect(list.find((u) => u.id === someone.id)?.role).toBe('admin');
    await admin.put(`/api/admin/users/${someone.id}/role`, { role: null });
    expect(await roleRow(someone.id)).toEqual({ role: null, isAdmin: false });
  });

  it('a row with only the old admin flag (no role yet) is an admin everywhere, and listed as one', async () => {
    const legacy = await staffAgent(booted, null);
    await booted.deps.db.update(s.user).set({ isAdmin: true }).where(eq(s.user.id, legacy.id));
    expect(await (await legacy.agent.get('/api/auth/user')).json()).toMatchObject({
      role: 'admin',
      isAdmin: true,
    });
    const list = (await (await admin.get('/api/admin/users')).json()) as Array<{
      id: string;
      role: string | null;
    }>;
    expect(list.find((u) => u.id === legacy.id)?.role).toBe('admin');
    // Back to a reader, so the last-admin test below finds one admin.
    expect((await admin.put(`/api/admin/users/${legacy.id}/role`, { role: null })).status).toBe(200);
  });

  it('an unknown or missing role is a 400 and changes nothing; an unknown user a 404', async () => {
    const someone = await staffAgent(booted, 'author');
    for (const body of [{ role: 'owner' }, { role: 'ADMIN' }, {}, { role: 3 }]) {
      const res = await admin.put(`/api/admin/users/${someone.id}/role`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await roleRow(someone.id)).toEqual({ role: 'author', isAdmin: false });
    expect((await admin.put('/api/admin/users/nobody/role', { role: 'editor' })).status).toBe(404);
  });

  it('the last admin cannot be demoted', async () => {
    // Only this test's admin is left as one (the others above were demoted again).
    const admins = await booted.deps.db.select().from(s.user).where(eq(s.user.isAdmin, true));
    expect(admins.map((u) => u.id)).toEqual([adminId]);
    const res = await admin.put(`/api/admin/users/${adminId}/role`, { role: 'editor' });
    expect(res.status).toBe(409);
    expect(await roleRow(adminId)).toEqual({ role: 'admin', isAdmin: true });
  });

  it('a demotion applies to an open session on its very next request, and a promotion too', async () => {
    const staff = await staffAgent(booted, 'editor');
    expect((await staff.agent.get('/api/admin/products')).status).toBe(200);
    expect((await admin.put(`/api/admin/users/${staff.id}/role`, { role: 'contributor' })).status).toBe(200);
    // The same cookie, no new sign-in.
    const refused = await staff.agent.get('/api/admin/products');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: refusal('contributor') });
    expect(await (await staff.agent.get('/api/auth/user')).json()).toMatchObject({ role: 'contributor' });
    expect((await admin.put(`/api/admin/users/${staff.id}/role`, { role: null })).status).toBe(200);
    expect((await staff.agent.get('/api/admin/content')).status).toBe(403);
    expect((await admin.put(`/api/admin/users/${staff.id}/role`, { role: 'editor' })).status).toBe(200);
    expect((await staff.agent.get('/api/admin/products')).status).toBe(200);
  });

  it('an admin ends all of a user’s sessions: each device’s next request is signed out', async () => {
    const staff = await staffAgent(booted, 'editor');
    const second = new Agent(booted.app);
    expect(
      (await second.post('/api/auth/sign-in/email', { email: staff.email, password: staff.password })).status,
    ).toBe(200);
    for (const agent of [staff.agent, second])
      expect((await agent.get('/api/admin/products')).status).toBe(200);
    const res = await admin.delete(`/api/admin/users/${staff.id}/sessions`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ended: 2 });
    for (const agent of [staff.agent, second]) {
      expect((await agent.get('/api/admin/products')).status).toBe(401);
      expect((await agent.get('/api/auth/user')).status).toBe(401);
    }
    // The admin's own session is untouched.
    expect((await admin.get('/api/admin/users')).status).toBe(200);
    expect((await admin.delete('/api/admin/users/nobody/sessions')).status).toBe(404);
  });

  it('a deleted user’s open session stops at once', async () => {
    const staff = await staffAgent(booted, 'editor');
    expect((await staff.agent.get('/api/admin/products')).status).toBe(200);
    await booted.deps.db.delete(s.user).where(eq(s.user.id, staff.id));
    expect((await staff.agent.get('/api/admin/products')).status).toBe(401);
  });
});

describe('ADMIN_EMAILS', () => {
  it('makes an admin at sign-up: role admin, isAdmin true, the dashboard opens', async () => {
    const booted = await testApp('pglite', { env: { ADMIN_EMAILS: 'boss@example.com' } });
    try {
      const { agent } = await signUp(booted.app, { email: 'boss@example.com' });
      expect(await (await agent.get('/api/auth/user')).json()).toMatchObject({
        role: 'admin',
        isAdmin: true,
      });
      expect((await agent.get('/api/admin/users')).status).toBe(200);
    } finally {
      await booted.close();
    }
  });
});

describe('the policy table', () => {
  it('each role may do everything the one before it may', () => {
    const actions = [
      'article.edit',
      'article.publish',
      'article.delete',
      'catalog.manage',
      'users.manage',
    ] as const;
    for (const action of actions) {
      for (const owner of [undefined, { ownerId: 'me', userId: 'me' }, { ownerId: 'them', userId: 'me' }]) {
        const verdicts = STAFF_ROLES.map((r) => allowed(r, action, owner));
        // Once allowed, allowed for every higher role.
        expect(
          verdicts.slice(verdicts.indexOf(true)).every(Boolean),
          `${action} ${JSON.stringify(owner)}`,
        ).toBe(true);
        expect(allowed(null, action, owner)).toBe(false);
      }
    }
  });

  it('refusals say what the role may do', () => {
    expect(refusal('contributor')).toMatch(/own drafts/);
    expect(refusal('author')).toMatch(/publish, schedule and delete their own/);
    expect(refusal('editor')).toMatch(/need an admin/);
    expect(refusal(null)).toBe('Admin access required.');
    expect([...STAFF_ROLES]).toEqual(['contributor', 'author', 'editor', 'admin']);
  });

  it('the role a user row gives: isAdmin makes an admin; a stray "admin" role without it, or an unknown one, is no role', () => {
    expect(roleOf({ isAdmin: true, role: null })).toBe('admin');
    expect(roleOf({ isAdmin: true, role: 'contributor' })).toBe('admin');
    expect(roleOf({ isAdmin: false, role: 'admin' })).toBeNull();
    expect(roleOf({ isAdmin: false, role: 'editor' })).toBe('editor');
    expect(roleOf({ isAdmin: null, role: 'author' })).toBe('author');
    expect(roleOf({ isAdmin: false, role: 'owner' as StaffRole })).toBeNull();
    expect(roleOf({ isAdmin: false, role: null })).toBeNull();
    expect(roleOf(null)).toBeNull();
  });
});
