import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { AppDeps } from '../context';
import {
  newsletterDeliveries,
  newsletterIssues,
  newsletterSettings,
  newsletterSubscribers,
} from '../db/schema';
import { readersFirst } from '../lib/jobs/readers-first';
import { outsideText } from '../observe/redact';
import { queueFor } from '../queue/boss';
import { QUEUES } from '../queue/names';
import { backoffFor, domainOf, forgetBackoff } from './backoff';
import { mailConfig } from './config';
import { renderIssueMail } from './content';
import { mimeCopies } from './mail/mime-copies';
import { type PersonalParts, personalise } from './mail/personalise';
import { unsubscribeToken } from './tokens';
import { classifySendError, type MailTransport, openTransport } from './transport';

/** A recipient is tried this many times on temporary failures, then marked failed. */
export const MAX_ATTEMPTS = 5;
/** Rows read per round of the send loop. */
const BATCH = 200;
/** A pause this short is waited out by the sender; a longer one gives the issue back until it ends. */
const WAIT_IN_ROUND_SECONDS = 10;

/** The links of a subscriber's mail: the one-click URL (RFC 8058), its mailto:, and the preferences page. */
export function listLinks(deps: AppDeps, subscriberId: number) {
  const config = mailConfig(deps.env);
  const token = unsubscribeToken(deps.env, subscriberId);
  return {
    unsubscribeUrl: `${config.siteUrl}/newsletter/unsubscribe/${token}`,
    preferencesUrl: `${config.siteUrl}/newsletter/manage/${token}`,
    mailto: `mailto:${config.unsubscribeMailto}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`,
  };
}

export const messageIdFor = (deps: AppDeps, issueId: number, subscriberId: number) =>
  `<issue-${issueId}.sub-${subscriberId}@${mailConfig(deps.env).domain}>`;

/**
 * Fix an issue's content and its recipients (everyone subscribed now) in one transaction, then queue
 * its send. A crash between the two leaves an issue `sending` with no job: the sweep (queue/workers.ts)
 * queues it again.
 */
export async function queueIssue(
  deps: AppDeps,
  issue: { kind: 'digest' | 'special'; subject: string; articleIds: number[]; sponsorId: number | null },
) {
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(newsletterIssues).values(issue).returning();
    if (!row) throw new Error('issue insert returned no row');
    const inserted = await tx.execute(sql`
      insert into newsletter_deliveries (issue_id, subscriber_id)
      select ${row.id}, id from newsletter_subscribers where status = 'subscribed' order by id`);
    const total = Number(
      (inserted as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
        (inserted as unknown as { affectedRows?: number }).affectedRows ??
        0,
    );
    await tx.update(newsletterIssues).set({ total }).where(eq(newsletterIssues.id, row.id));
    return { ...row, total };
  });
  await enqueueSend(deps, created.id);
  deps.logger.info(
    { issueId: created.id, kind: created.kind, recipients: created.total },
    `[newsletter] issue ${created.id} (${created.kind}) queued for ${created.total} recipients`,
  );
  return created;
}

/**
 * Ask for a send of the issue. A job that finds the issue's lease held by a live sender ends at once,
 * so a spare job costs one query; the lease, not the queue, is what keeps two senders apart.
 */
export async function enqueueSend(deps: AppDeps, issueId: number, startAfterSeconds = 0) {
  const boss = await queueFor(deps);
  await boss.send(
    QUEUES.newsletterSend,
    { issueId },
    { startAfter: Math.max(0, Math.ceil(startAfterSeconds)) },
  );
}

interface Claimed {
  owner: string;
  lost: boolean;
  stop(): void;
}

/**
 * Take the issue's lease: one sender at a time across instances. The lease is renewed a few times
 * within NEWSLETTER_LEASE_SECONDS; a sender that dies (kill -9) stops renewing, and the next sender
 * takes over once it lapses.
 */
async function claimIssue(deps: AppDeps, issueId: number): Promise<Claimed | null> {
  const owner = randomUUID();
  const seconds = deps.env.NEWSLETTER_LEASE_SECONDS;
  const until = sql`now() + make_interval(secs => ${seconds})`;
  const taken = await deps.db
    .update(newsletterIssues)
    .set({ leaseOwner: owner, leaseUntil: until })
    .where(
      and(
        eq(newsletterIssues.id, issueId),
        eq(newsletterIssues.status, 'sending'),
        sql`(${newsletterIssues.leaseUntil} is null or ${newsletterIssues.leaseUntil} < now())`,
      ),
    )
    .returning({ id: newsletterIssues.id });
  if (!taken.length) return null;
  const claim: Claimed = { owner, lost: false, stop: () => clearInterval(timer) };
  const timer = setInterval(
    () => {
      deps.db
        .update(newsletterIssues)
        .set({ leaseUntil: until })
        .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.leaseOwner, owner)))
        .returning({ id: newsletterIssues.id })
        .then((rows) => {
          if (!rows.length) claim.lost = true;
        })
        .catch(() => undefined);
    },
    Math.max(500, (seconds * 1000) / 3),
  );
  timer.unref();
  return claim;
}

export interface SendRound {
  issueId: number;
  /** Wall time of this round, and the part of it spent waiting on the database (summed over the parallel sends). */
  ms: number;
  dbMs: number;
  sent: number;
  bounced: number;
  failed: number;
  retried: number;
  skipped: number;
  /** Held back by a pause of their domain or of the server (no attempt spent). */
  deferred: number;
  finished: boolean;
}

/** Rows of this issue still to send, and the seconds until the first of them is due. */
async function leftToSend(deps: AppDeps, issueId: number) {
  const [left] = await deps.db
    .select({
      n: sql<number>`count(*)::int`,
      wait: sql<
        number | null
      >`extract(epoch from min(${newsletterDeliveries.nextAttemptAt}) - now())::float8`,
    })
    .from(newsletterDeliveries)
    .where(
      and(
        eq(newsletterDeliveries.issueId, issueId),
        inArray(newsletterDeliveries.status, ['queued', 'sending']),
      ),
    );
  return { n: Number(left?.n ?? 0), wait: left?.wait == null ? null : Number(left.wait) };
}

/**
 * Put rows back to wait for their domain's pause: `queued` until then. `refund` gives back the attempt
 * this round counted (rows already marked `sending`): a pause is not the recipient's failure.
 */
async function deferRows(deps: AppDeps, rows: Array<{ id: number; until: number }>, refund: boolean) {
  const byUntil = new Map<number, number[]>();
  for (const r of rows) byUntil.set(r.until, [...(byUntil.get(r.until) ?? []), r.id]);
  for (const [until, ids] of byUntil) {
    const secs = Math.max(0, (until - Date.now()) / 1000);
    await deps.db
      .update(newsletterDeliveries)
      .set({
        status: 'queued',
        nextAttemptAt: sql`now() + make_interval(secs => ${secs})` as unknown as Date,
        ...(refund ? { attempts: sql`greatest(${newsletterDeliveries.attempts} - 1, 0)` } : {}),
      })
      .where(inArray(newsletterDeliveries.id, ids));
  }
}

/** Wait (for a pause to end) while the lease is ours and the process is not stopping. */
async function waitWhileOurs(deps: AppDeps, claim: Claimed, seconds: number) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until && !claim.lost && !deps.lifecycle.shuttingDown) {
    await new Promise((r) => setTimeout(r, Math.min(250, Math.max(1, until - Date.now()))));
  }
}

/**
 * Send what is due of one issue (the `newsletter-send` job). Each recipient's row is marked `sending`
 * before its message goes out and `sent` as soon as the server accepts it; a sender killed in between
 * leaves `sending` rows, which the next sender sends again with the same Message-ID (providers drop a
 * copy whose Message-ID they already have). Unsubscribed and bounced addresses are skipped at send
 * time, so an unsubscribe during a send is honoured.
 */
export async function sendIssue(deps: AppDeps, issueId: number): Promise<SendRound | null> {
  const claim = await claimIssue(deps, issueId);
  if (!claim) return null;
  const round: SendRound = {
    issueId,
    ms: 0,
    dbMs: 0,
    sent: 0,
    bounced: 0,
    failed: 0,
    retried: 0,
    skipped: 0,
    deferred: 0,
    finished: false,
  };
  const started = performance.now();
  const timed = async <T>(work: PromiseLike<T>): Promise<T> => {
    const t = performance.now();
    try {
      return await work;
    } finally {
      round.dbMs += performance.now() - t;
    }
  };
  let transport: MailTransport | null = null;
  // The send takes the event loop's spare time only: the site's readers come first.
  const readers = readersFirst();
  try {
    const [issue] = await deps.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId));
    if (!issue) return null;
    const [settings] = await deps.db.select().from(newsletterSettings).where(eq(newsletterSettings.id, 1));
    transport = openTransport(deps, { ratePerSecond: settings?.ratePerSecond ?? 10 });
    const mail = await renderIssueMail(deps, issue);
    // SMTP copies reuse the body encoded once; the outbox keeps readable strings.
    const copyFor = transport.kind === 'smtp' ? mimeCopies(mail) : (p: PersonalParts) => personalise(mail, p);
    const parallel = pLimit(transport.kind === 'smtp' ? deps.env.SMTP_MAX_CONNECTIONS * 2 : 4);
    const retryBase = deps.env.NEWSLETTER_RETRY_SECONDS;
    const backoff = backoffFor(issueId);
    while (!claim.lost && !deps.lifecycle.shuttingDown) {
      const due = await timed(
        deps.db
          .select({
            id: newsletterDeliveries.id,
            subscriberId: newsletterDeliveries.subscriberId,
            attempts: newsletterDeliveries.attempts,
            email: newsletterSubscribers.email,
            firstName: newsletterSubscribers.firstName,
            subscriberStatus: newsletterSubscribers.status,
          })
          .from(newsletterDeliveries)
          .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterDeliveries.subscriberId))
          .where(
            and(
              eq(newsletterDeliveries.issueId, issueId),
              inArray(newsletterDeliveries.status, ['queued', 'sending']),
              lte(newsletterDeliveries.nextAttemptAt, sql`now()`),
            ),
          )
          .orderBy(asc(newsletterDeliveries.nextAttemptAt), asc(newsletterDeliveries.id))
          .limit(BATCH),
      );
      if (!due.length) {
        // Only paused rows left, due soon: wait here rather than give the issue back.
        const next = backoff.active ? await timed(leftToSend(deps, issueId)) : null;
        if (next && next.n > 0 && next.wait !== null && next.wait <= WAIT_IN_ROUND_SECONDS) {
          await waitWhileOurs(deps, claim, Math.max(0.05, next.wait));
          continue;
        }
        break;
      }
      const t = transport;
      // The batch is marked in two statements, not two per recipient: skipped (no longer subscribed)
      // and sending (attempt counted). A crash from here leaves `sending` rows, which are sent again.
      const live = due.filter((d) => d.subscriberStatus === 'subscribed');
      const gone = due.filter((d) => d.subscriberStatus !== 'subscribed');
      if (gone.length) {
        await timed(
          deps.db
            .update(newsletterDeliveries)
            .set({ status: 'skipped', error: 'no longer subscribed' })
            .where(
              inArray(
                newsletterDeliveries.id,
                gone.map((d) => d.id),
              ),
            ),
        );
        round.skipped += gone.length;
      }
      // Domains (or the whole server) paused by an earlier refusal: their rows wait, attempts untouched.
      const held: Array<{ id: number; until: number }> = [];
      const ready = live.filter((d) => {
        const until = backoff.pausedUntil(domainOf(d.email));
        if (until) held.push({ id: d.id, until });
        return !until;
      });
      if (held.length) {
        await timed(deferRows(deps, held, false));
        round.deferred += held.length;
        deps.metrics.newsletterMails.inc({ outcome: 'deferred' }, held.length);
      }
      if (!ready.length) continue;
      await timed(
        deps.db
          .update(newsletterDeliveries)
          .set({ status: 'sending', attempts: sql`${newsletterDeliveries.attempts} + 1` })
          .where(
            inArray(
              newsletterDeliveries.id,
              ready.map((d) => d.id),
            ),
          ),
      );
      // Rows a pause caught after they were marked sending: written back together after the batch.
      const caught: Array<{ id: number; until: number }> = [];
      await Promise.all(
        ready.map((d) =>
          parallel(async () => {
            await readers.turn();
            if (claim.lost) return;
            const domain = domainOf(d.email);
            const pausedUntil = backoff.pausedUntil(domain);
            if (pausedUntil) {
              caught.push({ id: d.id, until: pausedUntil });
              return;
            }
            const links = listLinks(deps, d.subscriberId);
            const copy = copyFor({ firstName: d.firstName, ...links });
            try {
              const info = await t.send({
                to: d.email,
                subject: copy.subject,
                html: copy.html,
                text: copy.text,
                messageId: messageIdFor(deps, issueId, d.subscriberId),
                kind: issue.kind,
                unsubscribe: { url: links.unsubscribeUrl, mailto: links.mailto },
              });
              await timed(
                setDelivery(deps, d.id, {
                  status: 'sent',
                  sentAt: new Date(),
                  messageId: info.messageId,
                  error: null,
                }),
              );
              backoff.accepted(domain);
              round.sent++;
              deps.metrics.newsletterMails.inc({ outcome: 'sent' });
            } catch (err) {
              const outcome = classifySendError(err);
              const reason = outsideText(outcome.reason, 300);
              if (outcome.kind === 'pause') {
                caught.push({ id: d.id, until: backoff.pause(outcome.scope, domain) });
              } else if (outcome.kind === 'bounced') {
                await timed(setDelivery(deps, d.id, { status: 'bounced', error: reason }));
                await deps.db
                  .update(newsletterSubscribers)
                  .set({
                    status: 'bounced',
                    bouncedAt: new Date(),
                    bounceReason: reason,
                    updatedAt: new Date(),
                  })
                  .where(eq(newsletterSubscribers.id, d.subscriberId));
                round.bounced++;
                deps.metrics.newsletterMails.inc({ outcome: 'bounced' });
              } else if (outcome.kind === 'retry' && d.attempts + 1 < MAX_ATTEMPTS) {
                const wait = retryBase * 2 ** d.attempts;
                await timed(
                  setDelivery(deps, d.id, {
                    status: 'queued',
                    error: reason,
                    nextAttemptAt: sql`now() + make_interval(secs => ${wait})` as unknown as Date,
                  }),
                );
                round.retried++;
                deps.metrics.newsletterMails.inc({ outcome: 'deferred' });
              } else {
                await timed(setDelivery(deps, d.id, { status: 'failed', error: reason }));
                round.failed++;
                deps.metrics.newsletterMails.inc({ outcome: 'failed' });
              }
            }
          }),
        ),
      );
      if (caught.length) {
        await timed(deferRows(deps, caught, true));
        round.deferred += caught.length;
        deps.metrics.newsletterMails.inc({ outcome: 'deferred' }, caught.length);
        deps.logger.warn(
          { issueId, deferred: caught.length },
          `[newsletter] issue ${issueId}: the mail server asked to wait; ${caught.length} messages paused, no attempt spent`,
        );
      }
    }
    const left = await leftToSend(deps, issueId);
    if (!claim.lost && left.n === 0) {
      forgetBackoff(issueId);
      await deps.db
        .update(newsletterIssues)
        .set({ status: 'sent', finishedAt: new Date(), leaseOwner: null, leaseUntil: null })
        .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.leaseOwner, claim.owner)));
      round.finished = true;
      round.ms = Math.round(performance.now() - started);
      round.dbMs = Math.round(round.dbMs);
      deps.logger.info(
        { ...round },
        `[newsletter] issue ${issueId} sent (last round: ${round.sent} sent, ${round.bounced} bounced, ${round.failed} failed in ${round.ms} ms, ${round.dbMs} ms of it in the database)`,
      );
    } else if (!claim.lost) {
      // Retries wait for their time: give the issue back until then (the sweep leaves it alone till
      // that moment) and queue the send that comes back for them.
      const wait = Math.max(1, Math.ceil(left.wait ?? 1));
      await deps.db
        .update(newsletterIssues)
        .set({ leaseOwner: null, leaseUntil: sql`now() + make_interval(secs => ${wait})` })
        .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.leaseOwner, claim.owner)));
      await enqueueSend(deps, issueId, wait);
      return round;
    }
    return round;
  } finally {
    readers.stop();
    claim.stop();
    transport?.close();
    // Still ours here only after an error or a lost lease: let the sweep (or the next job) take it.
    await releaseIssue(deps, issueId, claim.owner).catch(() => undefined);
  }
}

async function releaseIssue(deps: AppDeps, issueId: number, owner: string) {
  await deps.db
    .update(newsletterIssues)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.leaseOwner, owner)));
}

function setDelivery(deps: AppDeps, id: number, values: Partial<typeof newsletterDeliveries.$inferInsert>) {
  return deps.db.update(newsletterDeliveries).set(values).where(eq(newsletterDeliveries.id, id));
}

/**
 * Issues still sending, with the seconds until their lease lapses (0: nobody holds it). The sweep
 * queues the lapsed ones again; a starting instance queues every one for the moment its lease lapses,
 * so a send that a crash cut off resumes within NEWSLETTER_LEASE_SECONDS.
 */
export async function sendingIssues(deps: AppDeps): Promise<Array<{ id: number; wait: number }>> {
  const rows = await deps.db
    .select({
      id: newsletterIssues.id,
      wait: sql<number>`greatest(0, coalesce(extract(epoch from ${newsletterIssues.leaseUntil} - now()), 0))::float8`,
    })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.status, 'sending'));
  return rows.map((r) => ({ id: r.id, wait: Number(r.wait) }));
}
