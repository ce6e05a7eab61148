import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { CONTACT_RATE_LIMIT } from '../src/routes/contact';
import { Agent, dbTargets, testApp } from './helpers';

// Short-lived rows (rate-limit windows, claimed page views, idempotency answers) must not pile up
// for ever, and a sweep must drop only its own kind's expired rows: lib/jobs/sweep.ts, one delete per kind
// per instance every few minutes, the first on an instance's first request of that kind.
const HOUR = 60 * 60 * 1000;
const contact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'Sweep',
  message: 'A message long enough to be accepted by the form.',
};
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(dbTargets)('expired rows are swept on %s', (kind) => {
  // A fresh app per test: its first request of each kind is the one that sweeps.
  let booted: Booted;
  beforeEach(async () => {
    booted = await testApp(kind);
  });
  afterEach(async () => booted?.close());

  const putLimitRow = (key: string, ageMs: number) =>
    booted.deps.db.insert(s.rateLimit).values({ id: key, key, count: 3, lastRequest: Date.now() - ageMs });
  const limitKeys = async () =>
    (await booted.deps.db.select({ key: s.rateLimit.key }).from(s.rateLimit)).map((r) => r.key);
  const postContact = (ip: string) => new Agent(booted.app, ip).post('/api/contact', contact);

  it('contact windows older than two windows go on the first message; younger ones and other limits stay; no second sweep within minutes', async () => {
    const w = CONTACT_RATE_LIMIT.windowMs;
    await putLimitRow('contact:expired', 2 * w + 60_000);
    await putLimitRow('contact:last-window', 1.5 * w);
    await putLimitRow('reads:expired', 10 * w);
    expect((await postContact('198.51.100.1')).status).toBe(201);
    let keys = await limitKeys();
    expect(keys).not.toContain('contact:expired');
    expect(keys).toEqual(expect.arrayContaining(['contact:last-window', 'reads:expired']));
    // The next message, moments later, does not sweep again: the work is bounded per instance.
    await putLimitRow('contact:expired-later', 3 * w);
    expect((await postContact('198.51.100.2')).status).toBe(201);
    keys = await limitKeys();
    expect(keys).toContain('contact:expired-later');
  });

  it('claimed page views older than 24 hours go on the first reading beacon; younger claims and other rows stay', async () => {
    const [article] = await booted.deps.db
      .insert(s.articles)
      .values({
        slug: 'swept',
        title: 'Swept',
        excerpt: 'E',
        content: 'C',
        category: 'wellness',
        publishedAt: new Date(),
      })
      .returning({ id: s.articles.id });
    await putLimitRow('read-view:expired', 25 * HOUR);
    await putLimitRow('read-view:recent', 23 * HOUR);
    await putLimitRow('contact:expired', 25 * HOUR);
    // Kinds whose names begin alike are not this one: only keys under 'read-view:' are swept.
    await putLimitRow('rsvp:expired', 25 * HOUR);
    await putLimitRow('read-viewer:expired', 25 * HOUR);
    const res = await new Agent(booted.app).request(
      'POST',
      '/api/insights/read',
      { articleId: article!.id, view: `view-${Date.now().toString(36)}` },
      { 'user-agent': CHROME },
    );
    expect(await res.json()).toEqual({ counted: true });
    const keys = await limitKeys();
    expect(keys).not.toContain('read-view:expired');
    expect(keys).toEqual(
      expect.arrayContaining(['read-view:recent', 'contact:expired', 'rsvp:expired', 'read-viewer:expired']),
    );
    // The next beacon, moments later, does not sweep again.
    await putLimitRow('read-view:expired-later', 25 * HOUR);
    const again = await new Agent(booted.app).request(
      'POST',
      '/api/insights/read',
      { articleId: article!.id, view: `view-again-${Date.now().toString(36)}` },
      { 'user-agent': CHROME },
    );
    expect(await again.json()).toEqual({ counted: true });
    expect(await limitKeys()).toContain('read-view:expired-later');
  });

  it('stored idempotent answers older than 24 hours go on the first keyed submission; younger ones stay', async () => {
    const at = (ageMs: number) => new Date(Date.now() - ageMs);
    await booted.deps.db.insert(s.idempotencyKeys).values([
      { scope: 'contact', key: 'expired-key', status: 201, body: {}, createdAt: at(25 * HOUR) },
      { scope: 'contact', key: 'recent-key', status: 201, body: {}, createdAt: at(23 * HOUR) },
    ]);
    const res = await new Agent(booted.app, '198.51.100.3').request('POST', '/api/contact', contact, {
      'idempotency-key': crypto.randomUUID(),
    });
    expect(res.status).toBe(201);
    const keys = (await booted.deps.db.select({ key: s.idempotencyKeys.key }).from(s.idempotencyKeys)).map(
      (r) => r.key,
    );
    expect(keys).not.toContain('expired-key');
    expect(keys).toContain('recent-key');
    expect(keys).toHaveLength(2);
    // The next keyed submission, moments later, does not sweep again.
    await booted.deps.db
      .insert(s.idempotencyKeys)
      .values({ scope: 'contact', key: 'expired-later', status: 201, body: {}, createdAt: at(25 * HOUR) });
    const next = await new Agent(booted.app, '198.51.100.4').request('POST', '/api/contact', contact, {
      'idempotency-key': crypto.randomUUID(),
    });
    expect(next.status).toBe(201);
    const after = await booted.deps.db.select({ key: s.idempotencyKeys.key }).from(s.idempotencyKeys);
    expect(after.map((r) => r.key)).toContain('expired-later');
  });
});

describe('what a rate limit stores', () => {
  it("holds no client address, nor one a public salt would give away: keys are hashed with the server's secret", async () => {
    const booted = await testApp('pglite', { env: { BETTER_AUTH_SECRET: 's'.repeat(40) } });
    try {
      const ip = '198.51.100.77';
      expect((await new Agent(booted.app, ip).post('/api/contact', contact)).status).toBe(201);
      const keys = (await booted.deps.db.select({ key: s.rateLimit.key }).from(s.rateLimit)).map(
        (r) => r.key,
      );
      const ours = keys.filter((k) => k.startsWith('contact:'));
      expect(ours).toHaveLength(1);
      const guessable = createHash('sha256').update(`contact:|${ip}`).digest('hex').slice(0, 32);
      expect(ours[0]).not.toContain(ip);
      expect(ours[0]).not.toContain(guessable);
    } finally {
      await booted.close();
    }
  });
});
