import type { newsletterSubscribeInput } from '@site/shared';
import type { Context } from 'hono';
import type { z } from 'zod';
import { currentUser } from '../../auth/middleware';
import type { AppEnv } from '../../context';
import { clientIp } from '../../lib/http/client-ip';
import { ApiError } from '../../lib/http/errors';
import { overRateLimit } from '../../lib/http/rate-limit';
import { mailConfig } from '../../newsletter/config';
import { requestSubscription } from '../../newsletter/subscribe';
import { ipHash } from '../../newsletter/tokens';

/** Per client, like the contact form: a person subscribes once or twice; a bot many times. */
export const NEWSLETTER_RATE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;

export const NEWSLETTER_CLOSED_MESSAGE =
  'The newsletter is not taking subscriptions right now. Please try again later.';

/** Whether this site can send mail at all (production without SMTP_URL cannot: docs/newsletter.md). */
export const takesSubscriptions = (env: AppEnv['Variables']['deps']['env']) =>
  mailConfig(env).transport !== 'none';

/**
 * A subscription request, from the JSON route or the no-script form post (form-post.ts): throws
 * ApiError 400 (no address), 429 (too many) or 503 (no mail), else queues the confirmation mail.
 */
export async function takeSubscription(
  c: Context<AppEnv>,
  body: z.output<typeof newsletterSubscribeInput>,
): Promise<void> {
  const { deps } = c.var;
  const user = await currentUser(c);
  const email = body.email ?? user?.email;
  if (!email) throw new ApiError(400, 'Email is required');
  if (await overRateLimit(c, { prefix: 'newsletter:', ...NEWSLETTER_RATE_LIMIT })) {
    throw new ApiError(429, 'Too many requests from this connection. Please try again later.');
  }
  if (!takesSubscriptions(deps.env)) throw new ApiError(503, NEWSLETTER_CLOSED_MESSAGE);
  // A filled honeypot gets the same answer and changes nothing.
  if (body.website) return;
  await requestSubscription(deps, {
    email,
    firstName: body.firstName || undefined,
    form: user && !body.email ? 'account' : body.form,
    ipHash: ipHash(deps.env, clientIp(c, deps.env.TRUST_PROXY)),
    userId: user && email.toLowerCase() === user.email.toLowerCase() ? user.id : null,
  });
}
