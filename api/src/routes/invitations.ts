import { acceptInvitationInput } from '@site/shared';
import { Hono } from 'hono';
import { acceptInvitation, invitationOffer } from '../auth/invitations';
import type { AppEnv } from '../context';
import { clearsNothing } from '../lib/cache/write-clears';
import { ApiError } from '../lib/http/errors';
import { overRateLimit } from '../lib/http/rate-limit';
import { validate } from '../lib/http/validate';

const HOUR = 3600_000;

/** The invitation link's page (web: pages/auth/InvitationPage) asks what it offers, then accepts it. */
export const invitationRoutes = new Hono<AppEnv>()
  .get('/invitations/:token', async (c) => {
    c.header('cache-control', 'no-store');
    const { id: _id, ...offer } = await invitationOffer(c.var.deps.db, c.req.param('token'));
    return c.json(offer);
  })
  .post(
    '/invitations/:token/accept',
    clearsNothing('makes a staff account, which no public page shows'),
    validate('json', acceptInvitationInput),
    async (c) => {
      if (await overRateLimit(c, { prefix: 'invitation:', max: 10, windowMs: HOUR })) {
        throw new ApiError(429, 'Too many attempts. Please wait an hour and try again.');
      }
      return acceptInvitation(c, c.req.param('token'), c.req.valid('json'));
    },
  );
