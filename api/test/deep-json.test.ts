import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import {
  findControlChars,
  jsonNestedDeeperThan,
  MAX_JSON_DEPTH,
  TOO_DEEP_MESSAGE,
} from '../src/security/hostile-input';
import { sessionCookie, signUp, signUpAdmin, testApp } from './helpers';

/**
 * Issue 27 §5: about 3,500 levels of nesting (7 KB) on any /api/auth/* POST overflowed the stack of
 * the control-character gate and answered 500. Now every JSON write refuses nesting past 64 levels
 * with 400 before anything parses it, and the gate walks without recursion anyway.
 */
const objects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
const arrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

describe('the nesting check and the walk', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonNestedDeeperThan(objects(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestedDeeperThan(objects(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestedDeeperThan(arrays(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestedDeeperThan(JSON.stringify({ a: '['.repeat(1000), b: '\\"[[[' }))).toBe(false);
    expect(jsonNestedDeeperThan(JSON.stringify([{ a: [{ b: '{{{{' }] }]))).toBe(false);
  });

  it('findControlChars walks 100,000 levels without overflowing, and still names the field', () => {
    let deep: unknown = 'a\u0000b';
    for (let i = 0; i < 100_000; i++) deep = { x: deep };
    const path = findControlChars(deep);
    expect(path?.split('.')).toHaveLength(100_000);
    expect(findControlChars(JSON.parse(objects(100_000)))).toBeNull();
  });

  it('reports the first problem in document order, a key before its value', () => {
    expect(findControlChars({ a: ['ok', { b: 'x\u0001' }], c: 'y\u0002' })).toBe('a.1.b');
    expect(findControlChars({ 'k\u0000': 'fine', z: 'x\u0001' })).toBe('k?');
  });
});

describe('deep JSON on every kind of API write answers 400, never 500', () => {
  let booted: Booted;
  const cookies = { anon: '', reader: '', admin: '' };
  let ip = 0;
  beforeAll(async () => {
    booted = await testApp('pglite');
    const reader = await signUp(booted.app);
    cookies.reader = await sessionCookie(booted.app, reader.email, reader.password);
    const admin = await signUpAdmin(booted);
    cookies.admin = await sessionCookie(booted.app, admin.email, admin.password);
  });
  afterAll(async () => booted?.close());

  const cases: Array<[string, string, 'anon' | 'reader' | 'admin', string?]> = [
    ['POST', '/api/auth/sign-in/email', 'anon'],
    ['POST', '/api/auth/sign-up/email', 'anon'],
    ['POST', '/api/auth/update-user', 'reader'],
    ['POST', '/api/auth/sign-out', 'reader'],
    ['POST', '/api/contact', 'anon'],
    ['POST', '/api/stories', 'anon'],
    ['POST', '/api/insights/read', 'anon'],
    ['POST', '/api/csp-report', 'anon', 'application/csp-report'],
    ['POST', '/api/content', 'admin'],
    ['PUT', '/api/products/1', 'admin'],
    ['PATCH', '/api/admin/contact-messages/1', 'admin'],
    ['POST', '/api/admin/content/bulk', 'admin'],
  ];
  for (const [method, path, who, type] of cases) {
    it(`${method} ${path} (${who}): 65, 3,500 and 100,000 levels of objects and arrays`, async () => {
      const bodies = [
        objects(65),
        arrays(65),
        objects(3500),
        arrays(3500),
        objects(100_000),
        arrays(100_000),
      ];
      for (const body of bodies) {
        const res = await booted.app.request(path, {
          method,
          headers: {
            'content-type': type ?? 'application/json',
            origin: 'http://localhost:3000',
            'x-forwarded-for': `198.20.0.${++ip % 250}`,
            ...(cookies[who] ? { cookie: cookies[who] } : {}),
          },
          body,
        });
        // CSP reports have a 16 KB limit of their own: a bigger body is 413 before it is read.
        if (path === '/api/csp-report' && body.length > 16 * 1024) {
          expect(res.status, `${body.length} bytes`).toBe(413);
          continue;
        }
        expect(res.status, `${body.length} bytes`).toBe(400);
        const answer = (await res.json()) as { message: string; issues?: unknown };
        expect(answer.message).toBe(TOO_DEEP_MESSAGE);
        // Our own routes (lib/http/validate.ts) answer as every validation error does, with issues.
        if (!path.startsWith('/api/auth/') && path !== '/api/csp-report' && path !== '/api/insights/read') {
          expect(answer.issues).toEqual([{ path: '', message: TOO_DEEP_MESSAGE }]);
        }
      }
    });
  }

  it('64 levels are not refused for their depth', async () => {
    const res = await booted.app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: objects(MAX_JSON_DEPTH),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).not.toBe(TOO_DEEP_MESSAGE);
  });
});
