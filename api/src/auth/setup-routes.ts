import { firstAdminInput } from '@site/shared';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { adminSetupLinks, user } from '../db/schema';
import { ApiError } from '../lib/http/errors';
import { overRateLimit } from '../lib/http/rate-limit';
import { validate } from '../lib/http/validate';
import { clearsNothing } from '../lib/cache/write-clears';
import { claimSetupLink, hashSetupToken, setupLinkUsable } from './first-admin';
import { createAccount, signInOnto } from './new-account';

const HOUR = 3600_000;
const GONE =
  'This setup link has expired, was used already, or the site has an admin now. Restart the server for a new link, or run make-admin.';

/**
 * The first admin of an empty production site (auth/first-admin.ts prints the link at start-up):
 * the setup page asks whether its link still works, then posts the new account here.
 */
export const setupRoutes = new Hono<AppEnv>()
  // Never cached (private, no-store, as every API answer not declared public: app.ts).
  .get('/setup/:token', async (c) =>
    c.json({ usable: await setupLinkUsable(c.var.deps.db, c.req.param('token')) }),
  )
  .post(
    '/setup',
    clearsNothing('makes an account, which no public page shows'),
    validate('json', firstAdminInput),
    async (c) => {
      const { token, ...account } = c.req.valid('json');
      const { db } = c.var.deps;
      if (await overRateLimit(c, { prefix: 'setup:', max: 10, windowMs: HOUR })) {
        throw new ApiError(429, 'Too many attempts. Please wait an hour and try again.');
      }
      // One claim at a time, so two tabs of the same link cannot both make an admin.
      const claimed = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(72073)`);
        return claimSetupLink(tx, token);
      });
      if (!claimed) throw new ApiError(410, GONE);
      const release = () =>
        db
          .update(adminSetupLinks)
          .set({ usedAt: null })
          .where(eq(adminSetupLinks.tokenHash, hashSetupToken(token)));
      const made = await createAccount(c, account);
      if ('failed' in made) {
        // The link stays usable: nothing was made.
        await release();
        throw new ApiError(
          made.failed === 'taken' ? 409 : 400,
          made.failed === 'taken'
            ? 'An account with this email exists already. Sign in with it and run make-admin, or use another email.'
            : 'Could not create the account. Check the fields and try again.',
        );
      }
      await db.update(user).set({ isAdmin: true, role: 'admin' }).where(eq(user.id, made.id));
      c.var.deps.logger.warn('First admin created through the one-time setup link');
      return signInOnto(c, c.json({ message: 'Admin account created', email: account.email }, 201), account);
    },
  );
