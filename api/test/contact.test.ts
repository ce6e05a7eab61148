import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { contactMessages } from '../src/db/schema';
import { CONTACT_RATE_LIMIT } from '../src/routes/contact';
import { Agent, dbTargets, testApp } from './helpers';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'Partnership',
  message: 'Hello there, I would like to talk about a sponsored post.',
};

describe.each(dbTargets)('POST /api/contact on %s', (kind) => {
  let booted: Booted;
  beforeAll(async () => {
    booted = await testApp(kind);
  });
  afterAll(async () => booted?.close());

  it('stores the message exactly once as unread and answers 201 with its id', async () => {
    const agent = new Agent(booted.app);
    const subject = `Once ${kind}`;
    const res = await agent.post('/api/contact', { ...valid, subject });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: number };
    expect(typeof body.id).toBe('number');
    const rows = await booted.deps.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.subject, subject));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: body.id, ...valid, subject, status: 'unread' });
  });

  it('trims the fields it stores', async () => {
    const agent = new Agent(booted.app);
    const res = await agent.post('/api/contact', { ...valid, firstName: '  Grace ', subject: ' Trim me ' });
    const { id } = (await res.json()) as { id: number };
    const [row] = await booted.deps.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ firstName: 'Grace', subject: 'Trim me' });
  });

  it.each([
    ['firstName', '', 'First name is required'],
    ['lastName', '   ', 'Last name is required'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['email', '', 'Email is required'],
    ['subject', '', 'Subject is required'],
    ['message', '', 'Message is required'],
    ['message', 'x'.repeat(5001), ''],
    ['subject', 'x'.repeat(201), ''],
    ['email', `${'a'.repeat(250)}@x.com`, ''],
  ])('400 {message, issues} when %s is %j; nothing stored', async (field, value, text) => {
    const agent = new Agent(booted.app);
    const before = (await booted.deps.db.select().from(contactMessages)).length;
    const res = await agent.post('/api/contact', { ...valid, [field]: value });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; issues: { path: string; message: string }[] };
    expect(body.message).toContain(field);
    expect(body.issues[0]?.path).toBe(field);
    if (text) expect(body.issues[0]?.message).toBe(text);
    expect((await booted.deps.db.select().from(contactMessages)).length).toBe(before);
  });

  it('400 when a field is missing or the body is not JSON', async () => {
    const agent = new Agent(booted.app);
    const { message: _m, ...noMessage } = valid;
    expect((await agent.post('/api/contact', noMessage)).status).toBe(400);
    const raw = await booted.app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9' },
      body: '{not json',
    });
    expect(raw.status).toBe(400);
    // Hono's validator throws an HTTPException with this message; the app's onError passes it on.
    expect(await raw.json()).toEqual({ message: 'Malformed JSON in request body' });
  });

  it('the honeypot field filled in (a bot) is refused and nothing is stored', async () => {
    const agent = new Agent(booted.app);
    const res = await agent.post('/api/contact', {
      ...valid,
      subject: 'bot',
      website: 'http://spam.example',
    });
    expect(res.status).toBe(400);
    const rows = await booted.deps.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.subject, 'bot'));
    expect(rows).toHaveLength(0);
  });

  it(`is rate-limited per client: the ${CONTACT_RATE_LIMIT.max + 1}th message in a window gets 429, another client is unaffected`, async () => {
    const spammer = new Agent(booted.app, '203.0.113.50');
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_RATE_LIMIT.max; i++) {
      statuses.push((await spammer.post('/api/contact', { ...valid, subject: `spam ${kind}` })).status);
    }
    expect(statuses.slice(0, CONTACT_RATE_LIMIT.max).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const last = await spammer.post('/api/contact', valid);
    expect(await last.json()).toEqual({
      message: 'Too many messages from this connection. Please try again later.',
    });
    const stored = await booted.deps.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.subject, `spam ${kind}`));
    expect(stored).toHaveLength(CONTACT_RATE_LIMIT.max);
    expect((await new Agent(booted.app, '203.0.113.51').post('/api/contact', valid)).status).toBe(201);
  });

  it('the rate limit is kept in the database, so a second app instance on the same database sees it', async () => {
    const { createApp } = await import('../src/app');
    const other = createApp(booted.deps);
    const ip = '203.0.113.60';
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await new Agent(booted.app, ip).post('/api/contact', valid)).status).toBe(201);
    }
    expect((await new Agent(other, ip).post('/api/contact', valid)).status).toBe(429);
  });
});
