import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { type Agent, dbTargets, signUp, testApp } from './helpers';

const message = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'Retry me',
  message: 'The answer got lost on the way back.',
};
const story = {
  name: 'Reader',
  email: 'r@example.com',
  title: 'My walk',
  story: 'A long enough story about a morning walk that changed my whole week.',
  consent: true,
};

describe.each(dbTargets)('Idempotency-Key on contact and stories on %s (issue 13 §5)', (kind) => {
  let booted: Booted;
  let ipCounter = 0;
  beforeAll(async () => {
    booted = await testApp(kind);
  });
  afterAll(async () => booted?.close());

  const post = async (path: string, body: unknown, key?: string, ip = `10.5.0.${++ipCounter}`) =>
    booted.app.request(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': ip,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      body: JSON.stringify(body),
    });
  const rows = async () => ({
    messages: await booted.deps.db.$count(s.contactMessages),
    stories: await booted.deps.db.$count(s.storySubmissions),
  });

  it('a repeated contact message answers the first result and stores nothing', async () => {
    const before = await rows();
    const key = crypto.randomUUID();
    const ip = '10.5.1.1';
    const first = await post('/api/contact', message, key, ip);
    expect(first.status).toBe(201);
    const body = await first.json();
    const again = await post('/api/contact', message, key, ip);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await rows()).toEqual({ ...before, messages: before.messages + 1 });
  });

  it('concurrent retries with one key store one message and all get the same answer', async () => {
    const before = await rows();
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      // Five: racers all pass the rate-limit check (5 an hour) before any has stored the key.
      Array.from({ length: 5 }, async () => {
        const r = await post('/api/contact', message, key, '10.5.1.2');
        return [r.status, await r.json()] as const;
      }),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size, JSON.stringify(answers)).toBe(1);
    expect(answers[0]![0]).toBe(201);
    expect(await rows()).toEqual({ ...before, messages: before.messages + 1 });
  });

  it('a repeated story answers the first result and stores nothing; keys are per endpoint', async () => {
    const before = await rows();
    const key = `story-${crypto.randomUUID()}`;
    const first = await post('/api/stories', story, key, '10.5.1.3');
    expect(first.status).toBe(201);
    const again = await post('/api/stories', story, key, '10.5.1.3');
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    // The same key on the contact form is another request.
    expect((await post('/api/contact', message, key)).status).toBe(201);
    expect(await rows()).toEqual({ messages: before.messages + 1, stories: before.stories + 1 });
  });

  it('repeats do not count against the rate limit (5 an hour)', async () => {
    const key = crypto.randomUUID();
    for (let i = 0; i < 8; i++) {
      expect((await post('/api/contact', message, key, '10.6.6.6')).status).toBe(201);
      expect((await post('/api/stories', story, key, '10.6.6.7')).status).toBe(201);
    }
  });

  it('without a key every submission is stored, as before', async () => {
    const before = await rows();
    await post('/api/contact', message);
    await post('/api/contact', message);
    expect((await rows()).messages).toBe(before.messages + 2);
  });

  it('refuses a malformed key with 400 and stores nothing', async () => {
    const before = await rows();
    for (const key of ['short', 'x'.repeat(101), 'has a space inside', 'ünïcode-key-123']) {
      const res = await post('/api/contact', message, key);
      expect(res.status, key).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/Idempotency-Key/);
    }
    expect(await rows()).toEqual(before);
  });

  it('a failed submission is not remembered: fixing it with the same key stores it', async () => {
    const key = crypto.randomUUID();
    expect((await post('/api/contact', { ...message, email: 'nope' }, key, '10.5.1.4')).status).toBe(400);
    const before = await rows();
    expect((await post('/api/contact', message, key, '10.5.1.4')).status).toBe(201);
    expect((await rows()).messages).toBe(before.messages + 1);
  });

  it('a write the database refuses is answered as such, not as a replay, and the key stays free', async () => {
    // A constraint only this subject breaks: the insert fails inside onceFor's transaction.
    await booted.deps.db.execute(
      sql.raw(`alter table contact_messages add constraint refuse_me check (subject <> 'Refuse me')`),
    );
    const key = crypto.randomUUID();
    try {
      const refused = await post('/api/contact', { ...message, subject: 'Refuse me' }, key, '10.5.1.5');
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ message: 'The request holds a value that cannot be stored.' });
      expect(refused.headers.get('idempotent-replayed')).toBeNull();
    } finally {
      await booted.deps.db.execute(sql.raw('alter table contact_messages drop constraint refuse_me'));
    }
    const before = await rows();
    const fixed = await post('/api/contact', message, key, '10.5.1.5');
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    expect((await rows()).messages).toBe(before.messages + 1);
  });

  it('after 24 hours a key is new again', async () => {
    const key = crypto.randomUUID();
    const ip = '10.5.1.6';
    const first = (await (await post('/api/contact', message, key, ip)).json()) as { id: number };
    await booted.deps.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`,
    );
    const later = (await (await post('/api/contact', message, key, ip)).json()) as { id: number };
    expect(later.id).not.toBe(first.id);
    const replay = (await (await post('/api/contact', message, key, ip)).json()) as { id: number };
    expect(replay.id).toBe(later.id);
  });

  it('a key reused with a different body answers 422 and drops nothing silently (issue 27 §4)', async () => {
    const key = crypto.randomUUID();
    const ip = '10.5.2.1';
    expect((await post('/api/contact', message, key, ip)).status).toBe(201);
    const before = await rows();
    const other = await post(
      '/api/contact',
      { ...message, message: 'A second, different message.' },
      key,
      ip,
    );
    expect(other.status).toBe(422);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(await other.json()).toEqual({
      message:
        'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
    });
    expect(await rows()).toEqual(before);
    // The identical repeat still replays; the same for stories.
    const same = await post('/api/contact', message, key, ip);
    expect(same.status).toBe(201);
    expect(same.headers.get('idempotent-replayed')).toBe('true');
    const storyKey = crypto.randomUUID();
    expect((await post('/api/stories', story, storyKey, ip)).status).toBe(201);
    expect((await post('/api/stories', { ...story, title: 'Another walk' }, storyKey, ip)).status).toBe(422);
    expect(await rows()).toEqual({ ...before, stories: before.stories + 1 });
  });

  it('the same body with its keys in another order is the same request', async () => {
    const key = crypto.randomUUID();
    expect((await post('/api/contact', message, key, '10.5.2.2')).status).toBe(201);
    const reordered = Object.fromEntries(Object.entries(message).reverse());
    const again = await post('/api/contact', reordered, key, '10.5.2.2');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a key reused by another client answers 422, with the same body too (issue 27 §4)', async () => {
    const key = crypto.randomUUID();
    expect((await post('/api/contact', message, key, '10.5.3.1')).status).toBe(201);
    const before = await rows();
    const thief = await post('/api/contact', message, key, '10.5.3.2');
    expect(thief.status).toBe(422);
    expect(((await thief.json()) as { message: string }).message).toBe(
      'This Idempotency-Key was already used by another client. Send a new key with your request.',
    );
    expect(await rows()).toEqual(before);
  });

  it('signed in, the client is the account: another address of the same reader replays, another reader gets 422', async () => {
    const ann = await signUp(booted.app);
    const bea = await signUp(booted.app);
    const key = crypto.randomUUID();
    const send = (agent: Agent, ip: string) =>
      agent.request('POST', '/api/contact', message, { 'idempotency-key': key, 'x-forwarded-for': ip });
    expect((await send(ann.agent, '10.5.4.1')).status).toBe(201);
    const moved = await send(ann.agent, '10.5.4.2');
    expect(moved.status).toBe(201);
    expect(moved.headers.get('idempotent-replayed')).toBe('true');
    expect((await send(bea.agent, '10.5.4.1')).status).toBe(422);
  });

  it('a key reused after it expired is a new request, with another body too', async () => {
    const key = crypto.randomUUID();
    const ip = '10.5.5.1';
    expect((await post('/api/contact', message, key, ip)).status).toBe(201);
    await booted.deps.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`,
    );
    const before = await rows();
    const later = await post('/api/contact', { ...message, subject: 'A day later' }, key, '10.5.5.2');
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect((await rows()).messages).toBe(before.messages + 1);
  });
});
