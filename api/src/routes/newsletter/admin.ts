import {
  idParam,
  NEWSLETTER_STATUSES,
  newsletterImportInput,
  newsletterSettingsInput,
  newsletterSpecialInput,
  newsletterSponsorInput,
  newsletterSubscriberQuery,
  offsetQuery,
} from '@site/shared';
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { currentUser } from '../../auth/middleware';
import { can } from '../../auth/policy';
import type { AppEnv } from '../../context';
import {
  articles,
  isPublic,
  newsletterDeliveries,
  newsletterIssues,
  newsletterOutbox,
  newsletterSettings,
  newsletterSponsorClickDays,
  newsletterSponsors,
  newsletterSubscribers,
} from '../../db/schema';
import { ApiError, notFound } from '../../lib/http/errors';
import { containsPattern } from '../../lib/text/like';
import { validate } from '../../lib/http/validate';
import { clearsNothing } from '../../lib/cache/write-clears';
import { mailConfig, TRANSPORT_NONE_PROBLEM } from '../../newsletter/config';
import { mailArticles, nextDigest, renderIssueMail } from '../../newsletter/content';
import { nextDigestAt, runDigest, syncDigestSchedule } from '../../newsletter/digest';
import { auditCount } from '../../audit/record';
import { importSubscribers, subscribersCsv } from '../../newsletter/csv';
import { personalise } from '../../newsletter/mail/personalise';
import { listLinks, queueIssue } from '../../newsletter/send';
import { openTransport } from '../../newsletter/transport';
import { outsideText } from '../../observe/redact';

const ADMIN_ONLY = 'the newsletter admin changes nothing a public page shows';

async function settingsRow(c: { var: AppEnv['Variables'] }) {
  const [row] = await c.var.deps.db.select().from(newsletterSettings).where(eq(newsletterSettings.id, 1));
  if (!row) throw new Error('newsletter_settings has no row (migration 0012)');
  return row;
}

function settingsAnswer(deps: AppEnv['Variables']['deps'], row: typeof newsletterSettings.$inferSelect) {
  const config = mailConfig(deps.env);
  return {
    digestEnabled: row.digestEnabled,
    digestDay: row.digestDay,
    digestTime: row.digestTime,
    ratePerSecond: row.ratePerSecond,
    transport: config.transport,
    transportProblem: config.transport === 'none' ? TRANSPORT_NONE_PROBLEM : null,
    nextDigestAt: nextDigestAt(row)?.toISOString() ?? null,
    dkim: Boolean(config.dkim),
    from: config.from,
  };
}

function refuseWithoutTransport(deps: AppEnv['Variables']['deps']) {
  if (mailConfig(deps.env).transport === 'none') throw new ApiError(503, TRANSPORT_NONE_PROBLEM);
}

const subscriberColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  firstName: newsletterSubscribers.firstName,
  status: newsletterSubscribers.status,
  source: newsletterSubscribers.source,
  requestedAt: newsletterSubscribers.requestedAt,
  consentAt: newsletterSubscribers.consentAt,
  unsubscribedAt: newsletterSubscribers.unsubscribedAt,
  bouncedAt: newsletterSubscribers.bouncedAt,
  bounceReason: newsletterSubscribers.bounceReason,
};

const csvQuery = z.object({ status: z.enum([...NEWSLETTER_STATUSES, 'all']).default('all') });
const outboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: offsetQuery,
});

/** The Newsletter tab (docs/newsletter.md): drafts and previews for editors, the rest for admins (auth/policy.ts). */
export const newsletterAdminRoutes = new Hono<AppEnv>()
  .get(
    '/admin/newsletter/subscribers',
    can('newsletter.subscribers'),
    validate('query', newsletterSubscriberQuery),
    async (c) => {
      const { q, status, limit, offset } = c.req.valid('query');
      const { db } = c.var.deps;
      const where = and(
        status === 'all' ? undefined : eq(newsletterSubscribers.status, status),
        q ? ilike(newsletterSubscribers.email, containsPattern(q.toLowerCase())) : undefined,
      );
      const [rows, [total], byStatus] = await Promise.all([
        db
          .select(subscriberColumns)
          .from(newsletterSubscribers)
          .where(where)
          .orderBy(desc(newsletterSubscribers.requestedAt), desc(newsletterSubscribers.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(newsletterSubscribers).where(where),
        db
          .select({ status: newsletterSubscribers.status, n: count() })
          .from(newsletterSubscribers)
          .groupBy(newsletterSubscribers.status),
      ]);
      const counts = { pending: 0, subscribed: 0, unsubscribed: 0, bounced: 0 };
      for (const r of byStatus) counts[r.status] = r.n;
      c.header('X-Total-Count', String(total?.n ?? 0));
      return c.json({ subscribers: rows, total: total?.n ?? 0, counts });
    },
  )
  .get(
    '/admin/newsletter/subscribers.csv',
    can('newsletter.subscribers'),
    validate('query', csvQuery),
    async (c) => {
      const { status } = c.req.valid('query');
      c.header('content-type', 'text/csv; charset=utf-8');
      c.header('content-disposition', `attachment; filename="subscribers-${status}.csv"`);
      return c.body(await subscribersCsv(c.var.deps, status));
    },
  )
  .post(
    '/admin/newsletter/import',
    can('newsletter.subscribers'),
    clearsNothing(ADMIN_ONLY),
    validate('json', newsletterImportInput),
    async (c) => {
      const result = await importSubscribers(c.var.deps, c.req.valid('json').csv);
      auditCount(c, result.imported + result.updated);
      return c.json(result);
    },
  )
  /** A subscriber's data, for a GDPR access request: the row and every mail sent to them. */
  .get(
    '/admin/newsletter/subscribers/:id/export',
    can('newsletter.subscribers'),
    validate('param', idParam),
    async (c) => {
      const { db } = c.var.deps;
      const { id } = c.req.valid('param');
      const [sub] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
      if (!sub) throw notFound('Subscriber not found');
      const deliveries = await db
        .select({
          issueId: newsletterDeliveries.issueId,
          subject: newsletterIssues.subject,
          status: newsletterDeliveries.status,
          sentAt: newsletterDeliveries.sentAt,
        })
        .from(newsletterDeliveries)
        .innerJoin(newsletterIssues, eq(newsletterIssues.id, newsletterDeliveries.issueId))
        .where(eq(newsletterDeliveries.subscriberId, id))
        .orderBy(newsletterDeliveries.issueId);
      const { confirmTokenHash: _hash, ...data } = sub;
      c.header('content-disposition', `attachment; filename="subscriber-${id}.json"`);
      return c.json({ subscriber: data, deliveries });
    },
  )
  /** GDPR erasure: the row, its deliveries and its outbox copies go. */
  .delete(
    '/admin/newsletter/subscribers/:id',
    can('newsletter.subscribers'),
    clearsNothing(ADMIN_ONLY),
    validate('param', idParam),
    async (c) => {
      const { db } = c.var.deps;
      const { id } = c.req.valid('param');
      const gone = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(newsletterSubscribers)
          .where(eq(newsletterSubscribers.id, id))
          .returning({ email: newsletterSubscribers.email });
        if (rows[0]) await tx.delete(newsletterOutbox).where(eq(newsletterOutbox.to, rows[0].email));
        return rows;
      });
      if (!gone.length) throw notFound('Subscriber not found');
      return c.body(null, 204);
    },
  )
  .get('/admin/newsletter/settings', can('newsletter.settings'), async (c) =>
    c.json(settingsAnswer(c.var.deps, await settingsRow(c))),
  )
  .put(
    '/admin/newsletter/settings',
    can('newsletter.settings'),
    clearsNothing(ADMIN_ONLY),
    validate('json', newsletterSettingsInput),
    async (c) => {
      const { deps } = c.var;
      const [row] = await deps.db
        .update(newsletterSettings)
        .set({ ...c.req.valid('json'), updatedAt: new Date() })
        .where(eq(newsletterSettings.id, 1))
        .returning();
      await syncDigestSchedule(deps, row!);
      return c.json(settingsAnswer(deps, row!));
    },
  )
  /** The next digest as it would go out now (the admin shows its HTML in a sandboxed frame). */
  .get('/admin/newsletter/preview', can('newsletter.draft'), async (c) => {
    const { deps } = c.var;
    const next = await nextDigest(deps);
    const mail = await renderIssueMail(deps, next);
    const user = await currentUser(c);
    const sample = personalise(mail, {
      firstName: user?.firstName ?? null,
      unsubscribeUrl: `${deps.env.SITE_URL}/newsletter`,
      preferencesUrl: `${deps.env.SITE_URL}/newsletter`,
    });
    return c.json({
      subject: sample.subject,
      html: sample.html,
      text: sample.text,
      articleCount: next.articleIds.length,
      sponsorId: next.sponsorId,
    });
  })
  /** The same preview as a page of its own, for the tab's frame (security/mail-frame.ts sets its policy). */
  .get('/admin/newsletter/preview/html', can('newsletter.draft'), async (c) => {
    const { deps } = c.var;
    const mail = await renderIssueMail(deps, await nextDigest(deps));
    const user = await currentUser(c);
    const sample = personalise(mail, {
      firstName: user?.firstName ?? null,
      unsubscribeUrl: `${deps.env.SITE_URL}/newsletter`,
      preferencesUrl: `${deps.env.SITE_URL}/newsletter`,
    });
    return c.html(sample.html);
  })
  /** The next digest to the signed-in admin's own address, at once (SMTP's answer comes back). */
  .post('/admin/newsletter/test', can('newsletter.draft'), clearsNothing(ADMIN_ONLY), async (c) => {
    const { deps } = c.var;
    refuseWithoutTransport(deps);
    const user = (await currentUser(c))!;
    const next = await nextDigest(deps);
    const mail = await renderIssueMail(deps, next);
    // Links of nobody: the admin's own copy must not unsubscribe a real subscriber.
    const links = listLinks(deps, 2_147_483_647);
    const copy = personalise(mail, { firstName: user.firstName ?? null, ...links });
    const transport = openTransport(deps);
    try {
      await transport.send({
        to: user.email,
        subject: `[Test] ${copy.subject}`,
        html: copy.html,
        text: copy.text,
        messageId: `<test-${Date.now().toString(36)}@${mailConfig(deps.env).domain}>`,
        kind: 'test',
        unsubscribe: { url: links.unsubscribeUrl, mailto: links.mailto },
      });
    } catch (err) {
      throw new ApiError(
        502,
        `The mail server refused the test mail: ${outsideText((err as Error).message, 200)}`,
      );
    } finally {
      transport.close();
    }
    return c.json({ message: `Test sent to ${user.email}` });
  })
  /** Send the digest now, whatever the schedule (what is new since the last one). */
  .post('/admin/newsletter/digest', can('newsletter.send'), clearsNothing(ADMIN_ONLY), async (c) => {
    const { deps } = c.var;
    refuseWithoutTransport(deps);
    const issue = await runDigest(deps, { force: true });
    if (!issue)
      throw new ApiError(409, 'Nothing was published since the last digest, so there is nothing to send.');
    return c.json({ id: issue.id, total: issue.total }, 202);
  })
  .post(
    '/admin/newsletter/special',
    can('newsletter.send'),
    clearsNothing(ADMIN_ONLY),
    validate('json', newsletterSpecialInput),
    async (c) => {
      const { deps } = c.var;
      refuseWithoutTransport(deps);
      const { articleId } = c.req.valid('json');
      const [article] = await deps.db
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.id, articleId), isPublic()));
      if (!article) throw new ApiError(404, 'No published article with that id.');
      const [lead] = await mailArticles(deps, [article.id]);
      const issue = await queueIssue(deps, {
        kind: 'special',
        subject: `${lead!.title} | ${deps.env.BRAND_NAME}`,
        articleIds: [article.id],
        sponsorId: null,
      });
      return c.json({ id: issue.id, total: issue.total }, 202);
    },
  )
  /** Issues, newest first, with their counts (the tab polls this while one is sending). */
  .get('/admin/newsletter/issues', can('newsletter.draft'), async (c) => {
    const { db } = c.var.deps;
    const rows = await db
      .select({
        id: newsletterIssues.id,
        kind: newsletterIssues.kind,
        subject: newsletterIssues.subject,
        status: newsletterIssues.status,
        createdAt: newsletterIssues.createdAt,
        finishedAt: newsletterIssues.finishedAt,
        queued: sql<number>`count(*) filter (where ${newsletterDeliveries.status} in ('queued', 'sending'))::int`,
        sent: sql<number>`count(*) filter (where ${newsletterDeliveries.status} = 'sent')::int`,
        failed: sql<number>`count(*) filter (where ${newsletterDeliveries.status} = 'failed')::int`,
        bounced: sql<number>`count(*) filter (where ${newsletterDeliveries.status} = 'bounced')::int`,
        skipped: sql<number>`count(*) filter (where ${newsletterDeliveries.status} = 'skipped')::int`,
      })
      .from(newsletterIssues)
      .leftJoin(newsletterDeliveries, eq(newsletterDeliveries.issueId, newsletterIssues.id))
      .groupBy(newsletterIssues.id)
      .orderBy(desc(newsletterIssues.id))
      .limit(50);
    return c.json(
      rows.map(({ queued, sent, failed, bounced, skipped, ...r }) => ({
        ...r,
        counts: { queued, sent, failed, bounced, skipped },
      })),
    );
  })
  .get('/admin/newsletter/sponsors', can('sponsors.manage'), async (c) => {
    const { db } = c.var.deps;
    const rows = await db
      .select({
        id: newsletterSponsors.id,
        name: newsletterSponsors.name,
        imageUrl: newsletterSponsors.imageUrl,
        body: newsletterSponsors.body,
        linkUrl: newsletterSponsors.linkUrl,
        runsFrom: newsletterSponsors.runsFrom,
        runsUntil: newsletterSponsors.runsUntil,
        active: newsletterSponsors.active,
        clicks: sql<number>`coalesce((select sum(${newsletterSponsorClickDays.clicks}) from ${newsletterSponsorClickDays} where ${newsletterSponsorClickDays.sponsorId} = ${newsletterSponsors.id}), 0)::int`,
      })
      .from(newsletterSponsors)
      .orderBy(desc(newsletterSponsors.runsFrom), desc(newsletterSponsors.id));
    return c.json(rows);
  })
  .post(
    '/admin/newsletter/sponsors',
    can('sponsors.manage'),
    clearsNothing(ADMIN_ONLY),
    validate('json', newsletterSponsorInput),
    async (c) => {
      const [row] = await c.var.deps.db.insert(newsletterSponsors).values(c.req.valid('json')).returning();
      return c.json({ ...row!, clicks: 0 }, 201);
    },
  )
  .put(
    '/admin/newsletter/sponsors/:id',
    can('sponsors.manage'),
    clearsNothing(ADMIN_ONLY),
    validate('param', idParam),
    validate('json', newsletterSponsorInput),
    async (c) => {
      const [row] = await c.var.deps.db
        .update(newsletterSponsors)
        .set({ ...c.req.valid('json'), updatedAt: new Date() })
        .where(eq(newsletterSponsors.id, c.req.valid('param').id))
        .returning();
      if (!row) throw notFound('Sponsor not found');
      return c.json(row);
    },
  )
  .delete(
    '/admin/newsletter/sponsors/:id',
    can('sponsors.manage'),
    clearsNothing(ADMIN_ONLY),
    validate('param', idParam),
    async (c) => {
      const gone = await c.var.deps.db
        .delete(newsletterSponsors)
        .where(eq(newsletterSponsors.id, c.req.valid('param').id))
        .returning({ id: newsletterSponsors.id });
      if (!gone.length) throw notFound('Sponsor not found');
      return c.body(null, 204);
    },
  )
  .get('/admin/newsletter/outbox/:id/html', can('newsletter.send'), validate('param', idParam), async (c) => {
    const [row] = await c.var.deps.db
      .select({ html: newsletterOutbox.html })
      .from(newsletterOutbox)
      .where(eq(newsletterOutbox.id, c.req.valid('param').id));
    if (!row) throw notFound('Message not found');
    return c.html(row.html);
  })
  /** Development mail (no SMTP_URL): what would have gone out, newest first. */
  .get('/admin/newsletter/outbox', can('newsletter.send'), validate('query', outboxQuery), async (c) => {
    const { limit, offset } = c.req.valid('query');
    const rows = await c.var.deps.db
      .select()
      .from(newsletterOutbox)
      .orderBy(desc(newsletterOutbox.id))
      .limit(limit)
      .offset(offset);
    return c.json(rows);
  });
