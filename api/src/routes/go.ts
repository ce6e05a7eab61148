import { idString, safeReturnPath } from '@site/shared';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context';
import { newsletterSponsors, products } from '../db/schema';
import { londonToday } from '../insights/record';
import { sql } from 'drizzle-orm';
import { recordClick } from '../insights/record';
import { ApiError } from '../lib/errors';
import { validate } from '../lib/validate';

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
 * Affiliate click-through: GET /go/{productId}?from=/product/12 counts one click (product, time,
 * the site page it came from; nothing about the person) and sends the reader on with a 302.
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
    await db.execute(sql`
      insert into newsletter_sponsor_click_days (sponsor_id, day, clicks) values (${id}, ${londonToday}, 1)
      on conflict (sponsor_id, day) do update set clicks = newsletter_sponsor_click_days.clicks + 1`);
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
    await recordClick(db, productId, referrerPath);
    c.header('cache-control', 'no-store');
    c.header('x-robots-tag', 'noindex, nofollow');
    return c.redirect(product.affiliateUrl, 302);
  });
