import {
  NEWSLETTER_SUBSCRIBE_ANSWER,
  newsletterSubscribeInput,
  newsletterToken,
  newsletterTokenInput,
  personName,
} from '@site/shared';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { newsletterSubscribers } from '../../db/schema';
import { clientIp } from '../../lib/http/client-ip';
import { ApiError } from '../../lib/http/errors';
import { validate } from '../../lib/http/validate';
import { publicCache } from '../../lib/cache/cache';
import { clearsNothing } from '../../lib/cache/write-clears';
import { confirmSubscription, subscriberByToken, unsubscribe } from '../../newsletter/subscribe';
import { ipHash } from '../../newsletter/tokens';
import { newsletterFormRoutes } from './form-post';
import { takeSubscription, takesSubscriptions } from './take-subscription';

export { NEWSLETTER_RATE_LIMIT } from './take-subscription';

const tokenParam = z.object({ token: newsletterToken });
const preferencesInput = z.object({
  firstName: personName(100).optional(),
  subscribed: z.boolean().optional(),
});

const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}${'•'.repeat(Math.max(1, Math.min(6, local.length - 2)))}@${domain}`;
};

/** The newsletter for readers (docs/newsletter.md): subscribe, confirm, preferences. */
export const newsletterPublicRoutes = new Hono<AppEnv>()
  // Whether a subscribe form can work here (issue 41 §7): the pages show a sentence instead of a form
  // that always fails (production without SMTP_URL). Fetched with every page on the server (Layout).
  .get('/newsletter/status', publicCache(), (c) => c.json({ open: takesSubscriptions(c.var.deps.env) }))
  .post(
    '/newsletter/subscribe',
    clearsNothing('subscribers are shown to admins only'),
    validate('json', newsletterSubscribeInput),
    async (c) => {
      await takeSubscription(c, c.req.valid('json'));
      // The same answer for a new, pending, subscribed or bounced address: nothing to discover here.
      return c.json({ message: NEWSLETTER_SUBSCRIBE_ANSWER }, 202);
    },
  )
  .route('/', newsletterFormRoutes)
  .post(
    '/newsletter/confirm',
    clearsNothing('subscribers are shown to admins only'),
    validate('json', newsletterTokenInput),
    async (c) => {
      const { deps } = c.var;
      await confirmSubscription(
        deps,
        c.req.valid('json').token,
        ipHash(deps.env, clientIp(c, deps.env.TRUST_PROXY)),
      );
      return c.json({ message: 'You are subscribed. The next issue will reach your inbox.' });
    },
  )
  .get('/newsletter/preferences/:token', validate('param', tokenParam), async (c) => {
    const sub = await subscriberByToken(c.var.deps, c.req.valid('param').token);
    return c.json({ email: maskEmail(sub.email), firstName: sub.firstName, status: sub.status });
  })
  .post(
    '/newsletter/preferences/:token',
    clearsNothing('subscribers are shown to admins only'),
    validate('param', tokenParam),
    validate('json', preferencesInput),
    async (c) => {
      const { deps } = c.var;
      const { token } = c.req.valid('param');
      const body = c.req.valid('json');
      const sub = await subscriberByToken(deps, token);
      if (body.subscribed === false) await unsubscribe(deps, token);
      const set: Partial<typeof newsletterSubscribers.$inferInsert> = { updatedAt: new Date() };
      if (body.firstName !== undefined) set.firstName = body.firstName || null;
      // Back on from the link in their own mail: the token proves the mailbox, so that is consent.
      if (body.subscribed === true && sub.status === 'unsubscribed') {
        Object.assign(set, {
          status: 'subscribed',
          unsubscribedAt: null,
          consentAt: new Date(),
          consentIpHash: ipHash(deps.env, clientIp(c, deps.env.TRUST_PROXY)),
          source: 'preferences',
        });
      }
      if (body.subscribed === true && sub.status === 'bounced') {
        throw new ApiError(409, 'Mail to this address bounced, so we cannot send to it.');
      }
      const [row] = await deps.db
        .update(newsletterSubscribers)
        .set(set)
        .where(eq(newsletterSubscribers.id, sub.id))
        .returning();
      return c.json({ email: maskEmail(row!.email), firstName: row!.firstName, status: row!.status });
    },
  );

/**
 * One-click unsubscribe (RFC 8058), at the URL of the List-Unsubscribe header: a mail provider POSTs
 * `List-Unsubscribe=One-Click` with no cookie and no Origin; the token is the authentication, so this
 * path is exempt from the Origin check (app.ts). Whatever the body, the answer unsubscribes at once.
 * Mounted at the root: the same URL opened in a browser (GET) is the page with the button.
 */
export const newsletterOneClickRoutes = new Hono<AppEnv>().post(
  '/newsletter/unsubscribe/:token',
  clearsNothing('subscribers are shown to admins only'),
  validate('param', tokenParam),
  async (c) => {
    await unsubscribe(c.var.deps, c.req.valid('param').token);
    c.header('cache-control', 'no-store');
    return c.json({ message: 'You are unsubscribed. You will get no more newsletters from us.' });
  },
);
