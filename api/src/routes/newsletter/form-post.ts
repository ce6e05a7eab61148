import { NEWSLETTER_FORMS, newsletterSubscribeInput } from '@site/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { clearsNothing } from '../../lib/cache/write-clears';
import { ApiError } from '../../lib/http/errors';
import { takeSubscription } from './take-subscription';

/** Where the no-script form post is sent: its action (web SubscribeForm) and this route. */
export const SUBSCRIBE_FORM_PATH = '/newsletter/subscribe/form';

/** The outcome /newsletter shows (`?subscribe=`), named in the address, never the address itself. */
export type SubscribeOutcome = 'sent' | 'invalid' | 'busy' | 'closed';

const outcomeOf = (err: unknown): SubscribeOutcome => {
  if (err instanceof ApiError && err.status === 429) return 'busy';
  if (err instanceof ApiError && err.status === 503) return 'closed';
  if (err instanceof ApiError && err.status === 400) return 'invalid';
  throw err;
};

/**
 * The newsletter form without scripts (issue 41 §7): a Subscribe pressed before the page's scripts have
 * loaded posts `application/x-www-form-urlencoded` here (the form's method="post"), so the address never
 * lands in the URL, history or logs as a GET would put it. The answer is a 303 to /newsletter with the
 * outcome, which that page words; the browser then GETs it, so Reload never posts twice.
 */
export const newsletterFormRoutes = new Hono<AppEnv>().post(
  SUBSCRIBE_FORM_PATH,
  clearsNothing('subscribers are shown to admins only'),
  async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    // The web form names itself in its action's query (?form=footer).
    const where = c.req.query('form') ?? field('form');
    const parsed = newsletterSubscribeInput.safeParse({
      email: field('email') || undefined,
      firstName: field('firstName') || undefined,
      form: (NEWSLETTER_FORMS as readonly string[]).includes(where) ? where : 'page',
    });
    let outcome: SubscribeOutcome = 'sent';
    if (!parsed.success) outcome = 'invalid';
    else {
      // A filled honeypot gets the same answer and changes nothing (takeSubscription).
      const body = field('website') ? { ...parsed.data, website: 'x' } : parsed.data;
      await takeSubscription(c, body).catch((err: unknown) => {
        outcome = outcomeOf(err);
      });
    }
    c.header('cache-control', 'no-store');
    return c.redirect(`/newsletter?subscribe=${outcome}`, 303);
  },
);
