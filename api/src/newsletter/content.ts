import { MAIL_PICTURE_WIDTH, pictureAtWidth } from '@site/shared';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { articles, isPublic, newsletterIssues, newsletterSponsors } from '../db/schema';
import { articleDate } from '../db/schema/content';
import { londonToday } from '../insights/record';
import { mailConfig } from './config';
import type { MailArticle, MailSponsor } from './mail/templates';

/** A digest carries at most this many articles (the newest). */
export const DIGEST_MAX_ARTICLES = 10;

const absolute = (siteUrl: string, ref: string | null) =>
  !ref ? null : /^https?:\/\//.test(ref) ? ref : `${siteUrl}${ref.startsWith('/') ? '' : '/'}${ref}`;

/** A picture in a mail: one size, 600 px at 2× (the original's own address when it has no sizes). */
const mailPicture = (siteUrl: string, ref: string | null) =>
  absolute(siteUrl, ref && pictureAtWidth(ref, MAIL_PICTURE_WIDTH));

/** The articles of a mail, in the order given, as absolute links. */
export async function mailArticles(deps: AppDeps, ids: number[]): Promise<MailArticle[]> {
  if (!ids.length) return [];
  const rows = await deps.db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      excerpt: articles.excerpt,
      imageUrl: articles.imageUrl,
    })
    .from(articles)
    .where(inArray(articles.id, ids));
  const site = deps.env.SITE_URL;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r) => r !== undefined)
    .map((r) => ({
      title: r.title,
      excerpt: r.excerpt,
      url: `${site}/content/${encodeURIComponent(r.slug)}`,
      imageUrl: mailPicture(site, r.imageUrl),
    }));
}

/** Public articles published since the last digest (the last 7 days before the first one), newest first. */
export async function digestArticleIds(deps: AppDeps): Promise<number[]> {
  const [last] = await deps.db
    .select({ at: newsletterIssues.createdAt })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.kind, 'digest'))
    .orderBy(desc(newsletterIssues.createdAt))
    .limit(1);
  const since = last?.at ?? new Date(Date.now() - 7 * 86_400_000);
  const rows = await deps.db
    .select({ id: articles.id })
    .from(articles)
    .where(and(isPublic(), sql`${articleDate(articles)} > ${since.toISOString()}::timestamptz`))
    .orderBy(desc(articleDate(articles)), desc(articles.id))
    .limit(DIGEST_MAX_ARTICLES);
  return rows.map((r) => r.id);
}

/** The sponsor whose run covers today (London), the longest-booked first; null when none does. */
export async function sponsorForToday(deps: AppDeps): Promise<number | null> {
  const [row] = await deps.db
    .select({ id: newsletterSponsors.id })
    .from(newsletterSponsors)
    .where(
      and(
        eq(newsletterSponsors.active, true),
        lte(newsletterSponsors.runsFrom, sql`${londonToday}`),
        gte(newsletterSponsors.runsUntil, sql`${londonToday}`),
      ),
    )
    .orderBy(asc(newsletterSponsors.createdAt), asc(newsletterSponsors.id))
    .limit(1);
  return row?.id ?? null;
}

export async function mailSponsor(deps: AppDeps, id: number | null): Promise<MailSponsor | null> {
  if (!id) return null;
  const [s] = await deps.db.select().from(newsletterSponsors).where(eq(newsletterSponsors.id, id));
  if (!s) return null;
  const site = deps.env.SITE_URL;
  return {
    name: s.name,
    body: s.body,
    imageUrl: mailPicture(site, s.imageUrl),
    url: `${site}/go/sponsor/${s.id}`,
  };
}

/** Subject of a digest: the lead article's title says what is inside. */
export function digestSubject(brand: string, lead: MailArticle | undefined, count: number) {
  if (!lead) return `${brand}: this week`;
  return count > 1 ? `${lead.title} + ${count - 1} more from ${brand}` : `${lead.title} | ${brand}`;
}

/** The mail of an issue, rendered once (with per-recipient markers). */
export async function renderIssueMail(
  deps: AppDeps,
  issue: { kind: 'digest' | 'special'; subject: string; articleIds: number[]; sponsorId: number | null },
) {
  const { renderIssue } = await import('./mail/templates');
  const config = mailConfig(deps.env);
  const list = await mailArticles(deps, issue.articleIds);
  const intro =
    issue.kind === 'special'
      ? `A special issue: one article we did not want you to miss.`
      : list.length
        ? `Here is what is new on ${config.brand} this week.`
        : `Nothing new this week, but we will be back soon.`;
  return renderIssue({
    brand: config.brand,
    siteUrl: config.siteUrl,
    subject: issue.subject,
    intro,
    articles: list,
    sponsor: await mailSponsor(deps, issue.sponsorId),
  });
}

/** What the next digest would hold, now: for the preview, the test send and the digest job. */
export async function nextDigest(deps: AppDeps) {
  const articleIds = await digestArticleIds(deps);
  const list = await mailArticles(deps, articleIds.slice(0, 1));
  const subject = digestSubject(deps.env.BRAND_NAME, list[0], articleIds.length);
  return { kind: 'digest' as const, subject, articleIds, sponsorId: await sponsorForToday(deps) };
}
