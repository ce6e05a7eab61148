import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { dbTargets, signUp, testApp } from './helpers';

/** Performance (docs/performance.md): an anonymous request never pays for a session lookup; signed-in ones still work. */
describe.each(dbTargets)('current user fast path on %s', (kind) => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp(kind);
  });
  afterAll(async () => booted?.close());

  it('GET /api/auth/user without a session cookie answers 401 "Not signed in" without asking better-auth', async () => {
    const spy = vi.spyOn(booted.deps.auth.api, 'getSession');
    try {
      const res = await booted.app.request('/api/auth/user', { headers: { cookie: 'theme=dark' } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Not signed in' });
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('a session cookie is still looked up: the signed-in user gets their profile', async () => {
    const { agent, email } = await signUp(booted.app);
    const res = await agent.get('/api/auth/user');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe(email);
  });

  it('a bearer token is still looked up (bearer plugin)', async () => {
    const { agent } = await signUp(booted.app);
    const me = await agent.get('/api/auth/get-session');
    const token = ((await me.json()) as { session: { token: string } }).session.token;
    const res = await booted.app.request('/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
  });
});
