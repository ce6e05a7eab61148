import { idString, safeReturnPath } from '@site/shared';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context';
import { newsletterSponsors, products } from '../db/schema';
import { londonToday, recordClick } from '../insights/record';
import { ApiError } from '../lib/http/errors';
import { validate } from '../lib/http/validate';

const goParam = z.object({ productId: idString });
const sponsorParam = z.object({ id: idString });
const goQuery = z.object({ from: z.string().max(500).optional() });

function isHttpUrl(value: string | null): value is string {
  if (!value) return false;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Whether a request is a reader following a link as a page (a top-level navigation): an image, a
 * script, a fetch or a frame asking for /go/ is not a click (issue 27). Browsers say so in Fetch
 * Metadata: Sec-Fetch-Dest `document`, or without it Sec-Fetch-Mode `navigate`. Clients that send
 * neither (browsers from before 2020-2023, curl, bots) count only when they ask for a page
 * (`Accept: text/html`), as a navigation does and an <img> does not.
 */
export function isTopLevelNavigation(headers: { get(name: string): string | null | undefined }): boolean {
  const dest = headers.get('sec-fetch-dest');
  if (dest) return dest === 'document';
  const mode = headers.get('sec-fetch-mode');
  if (mode) return mode === 'navigate';
  return /\btext\/html\b/i.test(headers.get('accept') ?? '');
}

/**
 * Affiliate click-through: GET /go/{productId}?from=/product/12 counts one click (product, time,
 * the site page it came from; nothing about the person) when it is a navigation, and sends the
 * reader on with a 302.
 * Mounted at the root, not under /api, so the link reads like a page link.
 */
export const goRoutes = new Hono<AppEnv>()
  /**
   * A newsletter sponsor's link: GET /go/sponsor/{id} counts one click for the London day (nothing
   * about the reader: no pixel, no per-recipient link) and sends the reader on with a 302. The only
   * link of a mail that is counted (docs/newsletter.md).
   */
  .get('/go/sponsor/:id', validate('param', sponsorParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db } = c.var.deps;
    const [sponsor] = await db
      .select({ linkUrl: newsletterSponsors.linkUrl })
      .from(newsletterSponsors)
      .where(eq(newsletterSponsors.id, id));
    if (!sponsor || !isHttpUrl(sponsor.linkUrl)) throw new ApiError(404, 'Sponsor link not available.');
    // As for products: only a reader's own navigation counts (a mail client's image proxy or link
    // scanner fetching it is not a click, and no GET changes state otherwise).
    if (isTopLevelNavigation(c.req.raw.headers)) {
      await db.execute(sql`
        insert into newsletter_sponsor_click_days (sponsor_id, day, clicks) values (${id}, ${londonToday}, 1)
        on conflict (sponsor_id, day) do update set clicks = newsletter_sponsor_click_days.clicks + 1`);
    }
    c.header('cache-control', 'no-store');
    c.header('x-robots-tag', 'noindex, nofollow');
    return c.redirect(sponsor.linkUrl, 302);
  })
  .get('/go/:productId', validate('param', goParam), validate('query', goQuery), async (c) => {
    const { productId } = c.req.valid('param');
    const { from } = c.req.valid('query');
    const { db } = c.var.deps;
    const [product] = await db
      .select({ affiliateUrl: products.affiliateUrl })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw new ApiError(404, 'Product not found');
    // Only http(s) links are ever followed, whatever is in the row.
    if (!isHttpUrl(product.affiliateUrl)) {
      throw new ApiError(404, 'Affiliate link not available for this product.');
    }
    // The buy button sends no Referer (rel="noreferrer"), so the page says where it was.
    const referrerPath = (from && safeReturnPath(from, '')) || null;
    // Everyone is sent on; only a reader's own navigation is counted (no GET changes state otherwise).
    if (isTopLevelNavigation(c.req.raw.headers)) await recordClick(db, productId, referrerPath);
    c.header('cache-control', 'no-store');
    c.header('x-robots-tag', 'noindex, nofollow');
    return c.redirect(product.affiliateUrl, 302);
  });
