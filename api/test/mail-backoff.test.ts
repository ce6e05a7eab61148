import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { articles, newsletterDeliveries, newsletterIssues, newsletterSubscribers } from '../src/db/schema';
import { PAUSE_FIRST_MS, PAUSE_MAX_MS, SendBackoff } from '../src/newsletter/backoff';
import { queueIssue } from '../src/newsletter/send';
import { classifySendError } from '../src/newsletter/transport';
import { bodyHtmlFields } from '../src/routes/content/body-html';
import { dbTargets } from './helpers';
import { startMailSite } from './mail-site';
import type { SmtpSink } from './smtp-sink';

const waitUntil = async (what: string, check: () => Promise<boolean>, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('what an SMTP refusal means (issue 40)', () => {
  const err = (responseCode: number | undefined, command: string, code = 'EPROTOCOL') => ({
    responseCode,
    command,
    code,
    response: `${responseCode ?? ''} refused`,
  });
  it.each([
    [err(421, 'CONN'), 'pause', 'server'],
    [err(421, 'RCPT TO', 'EENVELOPE'), 'pause', 'server'],
    [err(421, 'DATA', 'EMESSAGE'), 'pause', 'server'],
    [err(454, 'AUTH PLAIN', 'EAUTH'), 'pause', 'server'],
    [err(451, 'EHLO'), 'pause', 'server'],
    [err(undefined, 'CONN', 'ECONNECTION'), 'pause', 'server'],
    [err(undefined, 'CONN', 'ETIMEDOUT'), 'pause', 'server'],
    [err(451, 'DATA', 'EMESSAGE'), 'pause', 'domain'],
    [err(452, 'MAIL FROM', 'EENVELOPE'), 'pause', 'domain'],
    [err(450, 'RCPT TO', 'EENVELOPE'), 'retry', undefined],
    [err(452, 'RCPT TO', 'EENVELOPE'), 'retry', undefined],
    [err(550, 'RCPT TO', 'EENVELOPE'), 'bounced', undefined],
    [err(552, 'DATA', 'EMESSAGE'), 'failed', undefined],
  ])('%o → %s %s', (e, kind, scope) => {
    const outcome = classifySendError(e);
    expect(outcome.kind).toBe(kind);
    if (scope) expect(outcome).toMatchObject({ scope });
  });

  it('pauses grow while the outage lasts, refusals in flight do not lengthen one, a delivery after it resets', () => {
    let now = 1_000_000;
    const b = new SendBackoff(() => now);
    expect(b.pausedUntil('a.test')).toBe(0);
    expect(b.pause('domain', 'a.test')).toBe(now + PAUSE_FIRST_MS);
    expect(b.pausedUntil('a.test')).toBe(now + PAUSE_FIRST_MS);
    expect(b.pausedUntil('b.test')).toBe(0); // another domain goes on
    now += 100;
    expect(b.pause('domain', 'a.test')).toBe(now - 100 + PAUSE_FIRST_MS); // in flight: the same pause
    now += PAUSE_FIRST_MS;
    expect(b.pausedUntil('a.test')).toBe(0);
    expect(b.pause('domain', 'a.test')).toBe(now + 2 * PAUSE_FIRST_MS); // the probe failed: doubled
    for (let i = 0; i < 20; i++) {
      now = b.pausedUntil('a.test') || now;
      b.pause('domain', 'a.test');
    }
    expect(b.pausedUntil('a.test') - now).toBe(PAUSE_MAX_MS);
    now += PAUSE_MAX_MS;
    b.accepted('a.test');
    expect(b.pause('domain', 'a.test')).toBe(now + PAUSE_FIRST_MS); // recovered, so it starts again
    // A server-level pause holds every domain.
    now += PAUSE_FIRST_MS;
    b.pause('server', 'b.test');
    expect(b.pausedUntil('c.test')).toBe(now + PAUSE_FIRST_MS);
  });
});

/**
 * The SMTP server says "not now" (421 at the greeting, 451 after DATA) for a few seconds, then
 * recovers: the send waits and resumes, every recipient gets one copy, nobody's attempts are spent
 * and nobody is failed. Before issue 40 each refusal spent an attempt of every recipient in flight.
 */
describe.each(dbTargets)('a send backs off a refusing server, per domain, on %s (issue 40)', (kind) => {
  let booted: Booted;
  let sink: SmtpSink;
  let stop: () => Promise<void>;
  let slug = 0;

  beforeAll(async () => {
    // Retries short, so that spending attempts (the old way) would show within the test.
    ({ booted, sink, stop } = await startMailSite(kind, { NEWSLETTER_RETRY_SECONDS: '1' }));
  });
  afterEach(async () => {
    sink.onConnect = undefined;
    sink.onData = undefined;
    sink.onRcpt = undefined;
    await booted.deps.db.delete(newsletterDeliveries);
    await booted.deps.db.delete(newsletterSubscribers);
  });
  afterAll(async () => {
    await stop?.();
  });

  const subscribe = async (emails: string[]) =>
    booted.deps.db.insert(newsletterSubscribers).values(
      emails.map((email) => ({
        email,
        status: 'subscribed' as const,
        source: 'import',
        consentAt: new Date(),
      })),
    );

  const sendIssue = async () => {
    const body = `# Issue ${++slug}\n\nBody.`;
    const [article] = await booted.deps.db
      .insert(articles)
      .values({
        slug: `backoff-${slug}`,
        title: `Backoff ${slug}`,
        excerpt: 'Short.',
        content: body,
        ...bodyHtmlFields(body),
        category: 'wellness',
        imageUrl: '/uploads/picture.webp',
        status: 'published',
        publishedAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const before = sink.received.length;
    const issue = await queueIssue(booted.deps, {
      kind: 'special',
      subject: `Backoff ${slug}`,
      articleIds: [article!.id],
      sponsorId: null,
    });
    await waitUntil('the issue to finish', async () => {
      const [i] = await booted.deps.db
        .select()
        .from(newsletterIssues)
        .where(eq(newsletterIssues.id, issue.id));
      return i?.status === 'sent';
    });
    const rows = await booted.deps.db
      .select({
        email: newsletterSubscribers.email,
        status: newsletterDeliveries.status,
        attempts: newsletterDeliveries.attempts,
      })
      .from(newsletterDeliveries)
      .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterDeliveries.subscriberId))
      .where(eq(newsletterDeliveries.issueId, issue.id));
    return { rows, received: sink.received.slice(before) };
  };

  it('421 at the greeting for a while: the whole send waits, then each recipient gets one copy, no attempt spent', async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `r${i}@${i % 2 ? 'one.test' : 'two.test'}`);
    await subscribe(emails);
    // Refuses its first three connections, however long the send takes to reach it (a loaded machine).
    let refusals = 0;
    let recoverAt = 0;
    sink.onConnect = () => {
      if (refusals >= 3) return undefined;
      refusals++;
      recoverAt = Date.now();
      return { code: 421, message: '4.3.2 Service not available, try later' };
    };
    const { rows, received } = await sendIssue();
    expect(sink.refusedConnections).toBeGreaterThan(0);
    expect(rows).toHaveLength(12);
    for (const r of rows) expect(r, r.email).toMatchObject({ status: 'sent', attempts: 1 });
    expect(received.map((m) => m.to).sort()).toEqual([...emails].sort());
    // Nothing went out while the server refused.
    for (const m of received) expect(m.at).toBeGreaterThanOrEqual(recoverAt);
  }, 90_000);

  it('451 after DATA for one domain: that domain waits, the others go on; a 450 for one mailbox spends only its attempt', async () => {
    const slow = ['s1@slow.test', 's2@slow.test', 's3@slow.test'];
    const fast = ['f1@fast.test', 'f2@fast.test', 'f3@fast.test', 'busy@fast.test'];
    await subscribe([...slow, ...fast]);
    // Each slow-domain recipient's first message is greylisted, however long the send takes to reach it.
    const greylisted = new Set<string>();
    let recoverAt = 0;
    sink.onData = (rcpts) => {
      const fresh = rcpts.filter((r) => r.endsWith('@slow.test') && !greylisted.has(r));
      if (!fresh.length) return undefined;
      for (const r of fresh) greylisted.add(r);
      recoverAt = Date.now();
      return { code: 451, message: '4.7.1 Greylisted, try again later' };
    };
    sink.onRcpt = (address, attempt) =>
      address === 'busy@fast.test' && attempt === 1
        ? { code: 450, message: '4.2.1 Mailbox busy' }
        : undefined;
    const refusedBefore = sink.refusedMessages;
    const { rows, received } = await sendIssue();
    expect(sink.refusedMessages).toBeGreaterThan(refusedBefore);
    for (const r of rows) {
      expect(r, r.email).toMatchObject({ status: 'sent', attempts: r.email === 'busy@fast.test' ? 2 : 1 });
    }
    expect(received.map((m) => m.to).sort()).toEqual([...slow, ...fast].sort());
    // The fast domain did not wait for the slow one's pause.
    const at = (email: string) => received.find((m) => m.to === email)!.at;
    for (const f of fast.filter((e) => e !== 'busy@fast.test'))
      for (const s of slow) expect(at(f)).toBeLessThan(at(s));
    for (const s of slow) expect(at(s)).toBeGreaterThanOrEqual(recoverAt);
  }, 90_000);
});
