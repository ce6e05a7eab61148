import type { AdminAlert } from '@site/shared';
import { Hono } from 'hono';
import { adminsWithDemoPassword } from '../../auth/demo-password';
import { can } from '../../auth/policy';
import type { AppEnv } from '../../context';
import { clearsNothing } from '../../lib/cache/write-clears';
import { failedPictures, retryFailedPictures } from '../../pictures/problems';

/**
 * What every admin must see at the top of the dashboard until it is fixed. Today: an admin account of
 * a production site that still signs in with the published demo password (auth/demo-password.ts).
 */
export const adminAlertsRoutes = new Hono<AppEnv>()
  .get('/admin/alerts', can('alerts'), async (c) => {
    const alerts: AdminAlert[] = [];
    if (c.var.deps.env.isProduction) {
      for (const email of await adminsWithDemoPassword(c.var.deps.db)) {
        alerts.push({
          id: 'demo-password',
          level: 'error',
          message: `The admin account ${email} signs in with the demo password, which is published. Anyone can sign in as this admin until its password is changed.`,
          account: email,
        });
      }
    }
    const failed = await failedPictures(c.var.deps);
    if (failed.count > 0) {
      alerts.push({
        id: 'picture-sizes',
        level: 'warning',
        message: `${failed.count === 1 ? '1 picture has' : `${failed.count} pictures have`} no smaller sizes: making them failed${failed.error ? ` (${failed.error.replace(/\.$/, '')})` : ''}. Readers get the full-size picture meanwhile.`,
        count: failed.count,
      });
    }
    return c.json({ alerts });
  })
  .post(
    '/admin/pictures/retry',
    can('alerts'),
    clearsNothing('pages name every size already; a made size replaces the original it fell back to'),
    async (c) => c.json({ queued: await retryFailedPictures(c.var.deps) }, 202),
  );
