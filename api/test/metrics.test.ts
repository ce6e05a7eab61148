import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { articles, newsletterSubscribers } from '../src/db/schema';
import { queueIssue, sendIssue } from '../src/newsletter/send';
import { queueFor } from '../src/queue/boss';
import { QUEUES } from '../src/queue/names';
import { markPagesStale, readStoredPage, savePage } from '../src/web/stored-pages';
import { dbTargets, testApp } from './helpers';
import { type SmtpSink, startSmtpSink } from './smtp-sink';

const TOKEN = 'metrics-token-0123456789';

describe.each(dbTargets)('metrics of the job queue, the page store and the newsletter on %s', (kind) => {
  let booted: Booted;
  let sink: SmtpSink;
  let articleId: number;

  beforeAll(async () => {
    sink = await startSmtpSink();
    booted = await testApp(kind, {
      env: {
        METRICS_TOKEN: TOKEN,
        STORED_PAGES: 'true',
        SMTP_URL: sink.url,
        MAIL_FROM: 'news@bloom.test',
        NEWSLETTER_RETRY_SECONDS: '600',
      },
    });
    const [row] = await booted.deps.db
      .insert(articles)
      .values({
        slug: 'measured',
        title: 'Measured',
        excerpt: 'e',
        content: 'c',
        category: 'wellness',
        status: 'published',
        publishedAt: new Date(Date.now() - 60_000),
      })
      .returning();
    articleId = row!.id;
  });
  afterAll(async () => {
    await booted?.close();
    await sink?.close();
  });

  /** One sample of the scrape, by its exact label set (in the order the metric names them); 0 when absent. */
  const value = async (sample: string) => {
    const res = await booted.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
    return line ? Number(line.slice(sample.length + 1)) : 0;
  };
  const job = (queue: string, state: string) => `job_queue_jobs{queue="${queue}",state="${state}"}`;

  it('job queue: every queue listed; waiting, its oldest age, and failed move with the jobs', async () => {
    const res = await booted.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    const text = await res.text();
    for (const q of Object.values(QUEUES)) {
      expect(text).toContain(`${job(q, 'waiting')} 0`);
      expect(text).toContain(`job_queue_oldest_waiting_seconds{queue="${q}"} 0`);
    }
    const boss = await queueFor(booted.deps);
    await boss.send(QUEUES.linkCheck, {});
    // Due for a minute and a half, and nobody took it.
    await booted.deps.db.execute(
      sql`update pgboss.job set start_after = now() - interval '90 seconds', created_on = now() - interval '90 seconds' where name = ${QUEUES.linkCheck}`,
    );
    expect(await value(job(QUEUES.linkCheck, 'waiting'))).toBe(1);
    const age = await value(`job_queue_oldest_waiting_seconds{queue="${QUEUES.linkCheck}"}`);
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(3600);
    // A job queued for later is delayed, not waiting.
    await boss.send(QUEUES.pictureBackfill, {}, { startAfter: 3600 });
    expect(await value(job(QUEUES.pictureBackfill, 'delayed'))).toBe(1);
    expect(await value(job(QUEUES.pictureBackfill, 'waiting'))).toBe(0);

    const [taken] = await boss.fetch(QUEUES.linkCheck);
    expect(await value(job(QUEUES.linkCheck, 'active'))).toBe(1);
    await boss.fail(QUEUES.linkCheck, taken!.id, { message: 'test' });
    expect(await value(job(QUEUES.linkCheck, 'failed'))).toBe(1);
    expect(await value(job(QUEUES.linkCheck, 'waiting'))).toBe(0);
    expect(await value(`job_queue_oldest_waiting_seconds{queue="${QUEUES.linkCheck}"}`)).toBe(0);
  });

  it('page store: a refill when a page is stored, then a hit, a stale lookup after a write, a miss', async () => {
    const lookups = (result: string) => value(`page_store_lookups_total{result="${result}"}`);
    const path = '/content/measured';
    const build = 'test-build';
    const entry = {
      status: 200,
      headers: [],
      keys: [`article:${articleId}`],
      body: Buffer.from('<p>page</p>'),
    };
    const refills = await value('page_store_refills_total');
    expect(await savePage(booted.deps, path, entry, build, new Date())).toBe(true);
    expect(await value('page_store_refills_total')).toBe(refills + 1);

    const hits = await lookups('hit');
    expect((await readStoredPage(booted.deps, path, build)).entry).not.toBeNull();
    expect(await lookups('hit')).toBe(hits + 1);

    await markPagesStale(booted.deps, [`article:${articleId}`]);
    const stale = await lookups('stale');
    expect((await readStoredPage(booted.deps, path, build)).entry).toBeNull();
    expect(await lookups('stale')).toBe(stale + 1);
    expect(await lookups('hit')).toBe(hits + 1);

    const misses = await lookups('miss');
    expect((await readStoredPage(booted.deps, '/content/nothing-here', build)).entry).toBeNull();
    expect(await lookups('miss')).toBe(misses + 1);
  });

  it('newsletter: sent, deferred (a 450) and bounced (a 550) count each delivery once', async () => {
    const mails = (outcome: string) => value(`newsletter_mails_total{outcome="${outcome}"}`);
    await booted.deps.db.insert(newsletterSubscribers).values(
      ['ok@example.com', 'gone@example.com', 'busy@example.com'].map((email) => ({
        email,
        status: 'subscribed' as const,
        source: 'import',
        consentAt: new Date(),
      })),
    );
    sink.onRcpt = (address) => {
      if (address === 'gone@example.com') return { code: 550, message: '5.1.1 No such user' };
      if (address === 'busy@example.com') return { code: 450, message: '4.2.1 Mailbox busy' };
      return undefined;
    };
    const before = {
      sent: await mails('sent'),
      deferred: await mails('deferred'),
      bounced: await mails('bounced'),
    };
    const issue = await queueIssue(booted.deps, {
      kind: 'special',
      subject: 'Measured',
      articleIds: [articleId],
      sponsorId: null,
    });
    await sendIssue(booted.deps, issue.id);
    expect(await mails('sent')).toBe(before.sent + 1);
    expect(await mails('bounced')).toBe(before.bounced + 1);
    expect(await mails('deferred')).toBe(before.deferred + 1);
    expect(await mails('failed')).toBe(0);
  });
});
