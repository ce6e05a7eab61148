import { createHash } from 'node:crypto';
import { INVITATION_DAYS } from '@site/shared';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { auditLog, newsletterOutbox, staffInvitations, user } from '../src/db/schema';
import { startJobWorkers } from '../src/queue/workers';
import { Agent, dbTargets, PRODUCTION_SECRET, signUp, signUpAdmin, testApp } from './helpers';

const SITE = 'http://localhost:3000';
const PASSWORD = 'a-long-enough-password';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const waitUntil = async <T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

type Json = Record<string, unknown>;

/**
 * Staff invitations (issue 42 §6): an admin invites an address with a role, the mail (transactional,
 * to the development outbox here) carries a one-use link, and the link makes the account with that
 * role and signs it in. Real HTTP through the app, the real queue worker, both databases.
 */
describe.each(dbTargets)('staff invitations on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  let adminEmail: string;
  let stopWorkers: () => Promise<void>;
  let ip = 0;
  /** Someone on a device (and an address) of their own. */
  const stranger = () => new Agent(booted.app, `10.42.${(++ip >> 8) & 255}.${ip & 255}`);
  const db = () => booted.deps.db;

  beforeAll(async () => {
    booted = await testApp(kind);
    stopWorkers = await startJobWorkers(booted.deps, { pollSeconds: 0.5, cronSeconds: 1 });
    const signedAdmin = await signUpAdmin(booted);
    admin = signedAdmin.agent;
    adminEmail = signedAdmin.email;
  }, 60_000);
  afterAll(async () => {
    await stopWorkers?.();
    await booted?.close();
  });

  /** The newest invitation mail to `email` after mail id `after`, and the token its link carries. */
  async function mailTo(email: string, after = 0) {
    const mail = await waitUntil(`the invitation mail to ${email}`, async () => {
      const [row] = await db()
        .select()
        .from(newsletterOutbox)
        .where(
          and(
            eq(newsletterOutbox.to, email),
            eq(newsletterOutbox.kind, 'invitation'),
            gt(newsletterOutbox.id, after),
          ),
        )
        .orderBy(desc(newsletterOutbox.id));
      return row;
    });
    const token = new RegExp(`${SITE}/invitation/([A-Za-z0-9_-]{43})`).exec(mail.text)?.[1];
    expect(token, mail.text).toBeTruthy();
    return { mail, token: token! };
  }
  const lastMailId = async () =>
    (
      await db().select({ id: newsletterOutbox.id }).from(newsletterOutbox).orderBy(desc(newsletterOutbox.id))
    )[0]?.id ?? 0;

  async function invite(email: string, role: string) {
    const after = await lastMailId();
    const res = await admin.post('/api/admin/invitations', { email, role });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = (await res.json()) as Json;
    return { body, ...(await mailTo(email, after)) };
  }
  const accept = (agent: Agent, token: string, names = { firstName: 'Ines', lastName: 'Vite' }) =>
    agent.post(`/api/invitations/${token}/accept`, { ...names, password: PASSWORD });
  const invitationsTo = (email: string) =>
    db().select().from(staffInvitations).where(eq(staffInvitations.email, email));
  const usersWith = (email: string) => db().select().from(user).where(eq(user.email, email));

  it('invite → the mail in the outbox holds the link → accept → signed in with the role', async () => {
    const email = `new.editor.${kind}@example.com`;
    const { body, mail, token } = await invite(email, 'editor');
    // The answer is the invitation, never its token or hash.
    expect(body).toMatchObject({ email, role: 'editor', expired: false });
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'email', 'expired', 'expiresAt', 'id', 'role']);
    const days = (Date.parse(String(body.expiresAt)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(INVITATION_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(INVITATION_DAYS);

    // Sent as the site's transactional mail: marked automatic, with the link in both parts.
    expect(mail.headers).toContainEqual(['Auto-Submitted', 'auto-generated']);
    expect(mail.subject).toMatch(/invited/);
    expect(mail.html).toContain(`${SITE}/invitation/${token}`);
    expect(mail.text).toMatch(/as an editor/);
    // Only the token's SHA-256 is stored.
    const [stored] = await invitationsTo(email);
    expect(stored!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const listed = (await (await admin.get('/api/admin/invitations')).json()) as Json[];
    expect(listed.find((i) => i.email === email)).toMatchObject({
      id: body.id,
      role: 'editor',
      expired: false,
      invitedByName: 'Test User',
    });
    expect(JSON.stringify(listed)).not.toContain(stored!.tokenHash);

    const person = stranger();
    const offer = await person.get(`/api/invitations/${token}`);
    expect(offer.status).toBe(200);
    expect(offer.headers.get('cache-control')).toMatch(/no-store/);
    expect(await offer.json()).toEqual({ email, role: 'editor', expiresAt: body.expiresAt });

    const res = await accept(person, token);
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toEqual({ email, role: 'editor' });
    expect(person.signedIn).toBe(true);
    const me = (await (await person.get('/api/auth/user')).json()) as Json;
    expect(me).toMatchObject({ email, role: 'editor', isAdmin: false, firstName: 'Ines', lastName: 'Vite' });
    // The role works at once: the editor's dashboard, not the admin's.
    expect((await person.get('/api/admin/content')).status).toBe(200);
    expect((await person.get('/api/admin/users')).status).toBe(403);
    const [made] = await usersWith(email);
    expect(made).toMatchObject({ role: 'editor', isAdmin: false, emailVerified: true });
    // The audit log has both ends: the admin's invitation and the person's acceptance.
    const entries = await booted.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.itemId, body.id as string));
    expect(entries.map((e) => [e.action, e.actorEmail])).toEqual([
      ['invitation.create', adminEmail],
      ['invitation.accept', email],
    ]);

    // Used: gone from the list, and the link answers 410 to anyone, the same person included.
    const after = (await (await admin.get('/api/admin/invitations')).json()) as Json[];
    expect(after.some((i) => i.email === email)).toBe(false);
    const again = await stranger().get(`/api/invitations/${token}`);
    expect(again.status).toBe(410);
    expect(((await again.json()) as Json).message).toMatch(
      /^This invitation has expired or was already used/,
    );
    const reuse = await accept(stranger(), token, { firstName: 'Mallory', lastName: 'X' });
    expect(reuse.status).toBe(410);
    expect(await usersWith(email)).toHaveLength(1);
    expect((await usersWith(email))[0]!.firstName).toBe('Ines');
  });

  it('an admin invitation makes an admin (isAdmin with it)', async () => {
    const email = `new.admin.${kind}@example.com`;
    const { token } = await invite(email, 'admin');
    const person = stranger();
    expect((await accept(person, token)).status).toBe(201);
    expect(await (await person.get('/api/auth/user')).json()).toMatchObject({ role: 'admin', isAdmin: true });
    expect((await person.get('/api/admin/users')).status).toBe(200);
  });

  it('an expired link answers 410 and makes nothing; the list marks it expired', async () => {
    const email = `late.${kind}@example.com`;
    const { body, token } = await invite(email, 'author');
    await db()
      .update(staffInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(staffInvitations.id, String(body.id)));
    const offer = await stranger().get(`/api/invitations/${token}`);
    expect(offer.status).toBe(410);
    expect(((await offer.json()) as Json).message).toMatch(
      /^This invitation has expired or was already used/,
    );
    const res = await accept(stranger(), token);
    expect(res.status).toBe(410);
    expect(await usersWith(email)).toHaveLength(0);
    expect((await invitationsTo(email))[0]!.acceptedAt).toBeNull();
    const listed = (await (await admin.get('/api/admin/invitations')).json()) as Json[];
    expect(listed.find((i) => i.id === body.id)).toMatchObject({ expired: true });
  });

  it('of concurrent accepts of one link exactly one wins', async () => {
    const email = `race.${kind}@example.com`;
    const { token } = await invite(email, 'contributor');
    const people = Array.from({ length: 6 }, () => stranger());
    const answers = await Promise.all(
      people.map((p, i) =>
        accept(p, token, { firstName: `Racer${String.fromCharCode(65 + i)}`, lastName: 'R' }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(','),
    ).toHaveLength(1);
    for (const s of statuses.filter((s) => s !== 201)) expect([409, 410]).toContain(s);
    expect(people.filter((p) => p.signedIn)).toHaveLength(1);
    const made = await usersWith(email);
    expect(made).toHaveLength(1);
    expect(made[0]!.role).toBe('contributor');
  });

  it('an address with an account: 409 with a plain sentence, and nothing is stored', async () => {
    const reader = await signUp(booted.app);
    const res = await admin.post('/api/admin/invitations', {
      email: reader.email.toUpperCase(),
      role: 'editor',
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: `${reader.email} already has an account; change their role in Users instead.`,
    });
    expect(await invitationsTo(reader.email)).toHaveLength(0);
  });

  it('an account made with the address after the invitation is not given the role (409)', async () => {
    const email = `squatter.${kind}@example.com`;
    const { token } = await invite(email, 'admin');
    // Someone signs up with the invited address before its owner opens the mail.
    await signUp(booted.app, { email, password: 'the-squatters-password' });
    const res = await accept(stranger(), token);
    expect(res.status).toBe(409);
    const [squatter] = await usersWith(email);
    expect(squatter).toMatchObject({ role: null, isAdmin: false });
    // The claim was released: the invitation is still pending, for an admin to revoke.
    expect((await invitationsTo(email))[0]!.acceptedAt).toBeNull();
  });

  it('a second invitation to an address replaces the first; revoking stops a link', async () => {
    const email = `twice.${kind}@example.com`;
    const first = await invite(email, 'author');
    const second = await invite(email, 'editor');
    expect(first.token).not.toBe(second.token);
    const old = await stranger().get(`/api/invitations/${first.token}`);
    expect(old.status).toBe(410);
    expect(((await old.json()) as Json).message).toMatch(/withdrawn or replaced/);
    const listed = (await (await admin.get('/api/admin/invitations')).json()) as Json[];
    expect(listed.filter((i) => i.email === email).map((i) => i.role)).toEqual(['editor']);

    expect((await admin.delete(`/api/admin/invitations/${second.body.id}`)).status).toBe(204);
    expect((await stranger().get(`/api/invitations/${second.token}`)).status).toBe(410);
    expect((await accept(stranger(), second.token)).status).toBe(410);
    expect(await usersWith(email)).toHaveLength(0);
    // Again: no error; an unknown id: 404.
    expect((await admin.delete(`/api/admin/invitations/${second.body.id}`)).status).toBe(204);
    const unknown = await admin.delete('/api/admin/invitations/no-such-invitation');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Invitation not found' });
  });

  it('revoking an accepted invitation is a 409 that says where roles change', async () => {
    const email = `accepted.${kind}@example.com`;
    const { body, token } = await invite(email, 'author');
    expect((await accept(stranger(), token)).status).toBe(201);
    const res = await admin.delete(`/api/admin/invitations/${body.id}`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as Json).message).toMatch(/change their role in Users/);
  });

  it('staff below admin get 403 from the invitation routes, and nothing is stored', async () => {
    const editor = await signUp(booted.app);
    await db().update(user).set({ role: 'editor' }).where(eq(user.email, editor.email));
    const before = await db().select().from(staffInvitations);
    const post = await editor.agent.post('/api/admin/invitations', {
      email: 'sneaky@example.com',
      role: 'admin',
    });
    expect(post.status).toBe(403);
    expect(((await post.json()) as Json).message).toMatch(/need an admin/);
    expect((await editor.agent.get('/api/admin/invitations')).status).toBe(403);
    expect((await editor.agent.delete(`/api/admin/invitations/${before[0]!.id}`)).status).toBe(403);
    expect(
      (await new Agent(booted.app).post('/api/admin/invitations', { email: 'x@example.com', role: 'author' }))
        .status,
    ).toBe(401);
    expect(await db().select().from(staffInvitations)).toEqual(before);
  });

  it('a bad role or email is a 400 naming the field, and nothing is stored', async () => {
    const before = await db().select().from(staffInvitations);
    for (const body of [
      { email: 'badrole@example.com', role: 'owner' },
      { email: 'badrole@example.com', role: 'reader' },
      { email: 'badrole@example.com', role: null },
      { email: 'badrole@example.com' },
      { email: 'not-an-email', role: 'author' },
      { role: 'author' },
    ]) {
      const res = await admin.post('/api/admin/invitations', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as Json).message, JSON.stringify(body)).toMatch(/^(role|email): /);
    }
    const role = (await (
      await admin.post('/api/admin/invitations', { email: 'a@example.com', role: 'owner' })
    ).json()) as Json;
    expect(role.message).toBe('role: Role must be contributor, author, editor or admin');
    expect(await db().select().from(staffInvitations)).toEqual(before);
  });

  it('an unknown link is a 404; a weak password is a 400 and the link still works', async () => {
    const unknown = await stranger().get(`/api/invitations/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as Json).message).toMatch(/not valid/);
    expect((await accept(stranger(), 'y'.repeat(43))).status).toBe(404);

    const email = `weak.${kind}@example.com`;
    const { token } = await invite(email, 'author');
    const weak = await stranger().post(`/api/invitations/${token}/accept`, {
      firstName: 'Wes',
      lastName: 'K',
      password: 'short',
    });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as Json).message).toMatch(/^password: /);
    const noName = await stranger().post(`/api/invitations/${token}/accept`, { password: PASSWORD });
    expect(noName.status).toBe(400);
    expect(await usersWith(email)).toHaveLength(0);
    expect((await stranger().get(`/api/invitations/${token}`)).status).toBe(200);
  });

  it('accepting is rate limited per client like the other public sign-up routes', async () => {
    const client = stranger();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await accept(client, `guess${i}`.padEnd(43, 'z'))).status);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another client is not held back.
    expect((await accept(stranger(), 'q'.repeat(43))).status).toBe(404);
  });
});

describe('invitations where the site cannot send mail', () => {
  it('production without SMTP: 503 naming the setting, and nothing is stored', async () => {
    const booted = await testApp('pglite', {
      env: { NODE_ENV: 'production', BETTER_AUTH_SECRET: PRODUCTION_SECRET, SITE_URL: 'https://bloom.test' },
    });
    try {
      const { agent, email } = await signUp(booted.app, {}, 'https://bloom.test');
      await booted.deps.db.update(user).set({ isAdmin: true, role: 'admin' }).where(eq(user.email, email));
      const res = await agent.post('/api/admin/invitations', { email: 'p@example.com', role: 'author' });
      expect(res.status).toBe(503);
      expect(((await res.json()) as Json).message).toMatch(/SMTP_URL/);
      expect(await booted.deps.db.select().from(staffInvitations)).toHaveLength(0);
    } finally {
      await booted.close();
    }
  });
});
