import { NEWSLETTER_CONFIRM_DAYS, type NewsletterForm } from '@site/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { newsletterSubscribers } from '../db/schema';
import { ApiError } from '../lib/http/errors';
import { queueFor } from '../queue/boss';
import { QUEUES } from '../queue/names';
import { mailConfig } from './config';
import { personalise } from './mail/personalise';
import { hashToken, newConfirmToken, readUnsubscribeToken } from './tokens';
import { wakeTransactional } from './transactional';
import { type MailTransport, sendOne } from './transport';

/** A pending address gets at most one confirmation mail in this long (no mail-bombing through the form). */
export const CONFIRM_RESEND_MS = 10 * 60 * 1000;

/**
 * Record a subscribe request. The caller answers the same whatever happened here: a new address and an
 * unsubscribed one become pending and get a confirmation mail; a pending one gets another mail at most
 * every 10 minutes; a subscribed or bounced one changes nothing.
 */
export async function requestSubscription(
  deps: AppDeps,
  req: {
    email: string;
    firstName?: string | undefined;
    form: NewsletterForm;
    ipHash: string;
    userId?: string | null;
  },
) {
  const email = req.email.trim().toLowerCase();
  const now = new Date();
  const fresh = {
    source: req.form,
    requestedAt: now,
    requestIpHash: req.ipHash,
    updatedAt: now,
    ...(req.firstName ? { firstName: req.firstName } : {}),
    ...(req.userId ? { userId: req.userId } : {}),
  };
  // One statement decides, so two requests at once cannot both queue a mail.
  const rows = await deps.db.execute<{ id: number; queue: boolean }>(sql`
    with existing as (
      select id, status, confirm_sent_at from newsletter_subscribers where email = ${email}
    ),
    ins as (
      insert into newsletter_subscribers (email, first_name, status, source, requested_at, request_ip_hash, user_id)
      select ${email}, ${req.firstName ?? null}, 'pending', ${req.form}, now(), ${req.ipHash}, ${req.userId ?? null}
      where not exists (select 1 from existing)
      on conflict (email) do nothing
      returning id, true as queue
    ),
    upd as (
      update newsletter_subscribers s set
        status = 'pending',
        source = ${fresh.source},
        requested_at = now(),
        request_ip_hash = ${req.ipHash},
        first_name = coalesce(${req.firstName ?? null}, s.first_name),
        user_id = coalesce(${req.userId ?? null}, s.user_id),
        updated_at = now()
      from existing e
      where s.id = e.id and e.status in ('pending', 'unsubscribed')
        and (e.confirm_sent_at is null or e.confirm_sent_at < now() - make_interval(secs => ${CONFIRM_RESEND_MS / 1000}))
      returning s.id, true as queue
    )
    select id, queue from ins union all select id, queue from upd`);
  const list = (rows as unknown as { rows: Array<{ id: number; queue: boolean }> }).rows;
  for (const row of list) {
    if (!row.queue) continue;
    // Marked now so a burst of requests queues one mail; the job sets the real token.
    await deps.db
      .update(newsletterSubscribers)
      .set({ confirmSentAt: now })
      .where(eq(newsletterSubscribers.id, row.id));
    const boss = await queueFor(deps);
    await boss.send(QUEUES.newsletterConfirm, { subscriberId: row.id });
    wakeTransactional(deps, QUEUES.newsletterConfirm);
  }
}

/**
 * The confirmation mail (the `newsletter-confirm` job). The token is made here, at send time, and only
 * its hash is stored: the job's own row in the queue never holds it. A new mail replaces the link of
 * an earlier one. A batch of confirmations shares one pooled `transport` (newsletter/transactional.ts).
 */
export async function sendConfirmation(deps: AppDeps, subscriberId: number, transport?: MailTransport) {
  const [sub] = await deps.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, subscriberId));
  if (sub?.status !== 'pending') return;
  const { token, hash } = newConfirmToken();
  await deps.db
    .update(newsletterSubscribers)
    .set({
      confirmTokenHash: hash,
      confirmExpiresAt: new Date(Date.now() + NEWSLETTER_CONFIRM_DAYS * 86_400_000),
      confirmSentAt: new Date(),
    })
    .where(eq(newsletterSubscribers.id, subscriberId));
  const config = mailConfig(deps.env);
  const { renderConfirm } = await import('./mail/templates');
  const mail = await renderConfirm({
    brand: config.brand,
    siteUrl: config.siteUrl,
    confirmUrl: `${config.siteUrl}/newsletter/confirm/${token}`,
    days: NEWSLETTER_CONFIRM_DAYS,
  });
  // Greeted without the typed name: whoever asks can send this mail to any address, so it carries no
  // text a stranger typed (issue 40). The name is used only once its owner has confirmed.
  const copy = personalise(mail, { firstName: null, unsubscribeUrl: '', preferencesUrl: '' });
  await sendOne(
    deps,
    {
      to: sub.email,
      subject: copy.subject,
      html: copy.html,
      text: copy.text,
      messageId: `<confirm-${sub.id}.${Date.now().toString(36)}@${config.domain}>`,
      kind: 'confirm',
    },
    transport,
  );
}

/** The Confirm button: a valid, unexpired, unused token subscribes, and records the consent. */
export async function confirmSubscription(deps: AppDeps, token: string, ipHash: string) {
  const hash = hashToken(token);
  const [sub] = await deps.db
    .select({
      id: newsletterSubscribers.id,
      status: newsletterSubscribers.status,
      expires: newsletterSubscribers.confirmExpiresAt,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, hash));
  if (sub?.status !== 'pending') {
    throw new ApiError(404, 'This confirmation link is not valid or was already used.');
  }
  if (!sub.expires || sub.expires.getTime() < Date.now()) {
    throw new ApiError(410, 'This confirmation link has expired. Subscribe again to get a new one.');
  }
  // The token is spent in the same statement that uses it: a second click finds nothing.
  const done = await deps.db
    .update(newsletterSubscribers)
    .set({
      status: 'subscribed',
      consentAt: new Date(),
      consentIpHash: ipHash,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      unsubscribedAt: null,
      updatedAt: new Date(),
    })
    .where(and(eq(newsletterSubscribers.id, sub.id), eq(newsletterSubscribers.confirmTokenHash, hash)))
    .returning({ id: newsletterSubscribers.id });
  if (!done.length) throw new ApiError(404, 'This confirmation link is not valid or was already used.');
}

/** The subscriber a one-click/preferences token names (404 when none: a forged or a deleted one). */
export async function subscriberByToken(deps: AppDeps, token: string) {
  const id = readUnsubscribeToken(deps.env, token);
  const [sub] = id
    ? await deps.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id))
    : [];
  if (!sub) throw new ApiError(404, 'This link is not valid, or the subscription was deleted.');
  return sub;
}

/** One-click unsubscribe (RFC 8058): at once, idempotent; a bounced address stays bounced. */
export async function unsubscribe(deps: AppDeps, token: string) {
  const sub = await subscriberByToken(deps, token);
  if (sub.status === 'pending' || sub.status === 'subscribed') {
    await deps.db
      .update(newsletterSubscribers)
      .set({
        status: 'unsubscribed',
        unsubscribedAt: new Date(),
        confirmTokenHash: null,
        confirmExpiresAt: null,
        updatedAt: new Date(),
      })
      .where(eq(newsletterSubscribers.id, sub.id));
    deps.logger.info({ subscriberId: sub.id }, '[newsletter] a subscriber unsubscribed');
  }
}
