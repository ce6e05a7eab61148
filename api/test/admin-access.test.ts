import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { type AdminFixture, adminRoutes, makeAdminFixture, snapshot } from './admin-routes';
import { Agent, dbTargets, signUp, signUpAdmin, testApp } from './helpers';

describe.each(dbTargets)('every admin route on %s', (kind) => {
  let booted: Booted;
  let fixture: AdminFixture;
  let admin: Agent;
  let reader: Agent;
  beforeAll(async () => {
    booted = await testApp(kind, { env: { UPLOAD_DIR: `/tmp/site-admin-access-${process.pid}-${kind}` } });
    admin = (await signUpAdmin(booted)).agent;
    const r = await signUp(booted.app);
    reader = r.agent;
    const [row] = await booted.deps.db.select({ id: s.user.id }).from(s.user).orderBy(asc(s.user.createdAt));
    fixture = await makeAdminFixture(booted, row!.id);
    const me = (await (await reader.get('/api/auth/user')).json()) as { id: string };
    fixture.userId = me.id;
  });
  afterAll(async () => booted?.close());

  const call = (agent: Agent, route: (typeof adminRoutes)[number]) =>
    agent.request(route.method, route.path(fixture), route.body?.(fixture));

  it('anonymous callers get 401 from every admin route and nothing changes', async () => {
    const before = await snapshot(booted);
    for (const route of adminRoutes) {
      const res = await call(new Agent(booted.app), route);
      expect(res.status, `${route.method} ${route.path(fixture)}`).toBe(401);
      expect(await res.json()).toEqual({ message: 'You need to sign in to do that.' });
    }
    expect(await snapshot(booted)).toBe(before);
  });

  it('signed-in readers (no staff role) get 403 from every admin route and nothing changes', async () => {
    const before = await snapshot(booted);
    for (const route of adminRoutes) {
      const res = await call(reader, route);
      expect(res.status, `${route.method} ${route.path(fixture)}`).toBe(403);
      expect(await res.json()).toEqual({ message: 'Admin access required.' });
    }
    expect(await snapshot(booted)).toBe(before);
  });

  it('admins get the success status from every admin route', async () => {
    for (const route of adminRoutes) {
      const res = await call(admin, route);
      expect(res.status, `${route.method} ${route.path(fixture)}: ${await res.clone().text()}`).toBe(
        route.adminStatus,
      );
    }
  });
});
