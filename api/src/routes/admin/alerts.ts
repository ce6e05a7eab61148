import { Hono } from 'hono';
import { adminsWithDemoPassword } from '../../auth/demo-password';
import { requireAdmin } from '../../auth/middleware';
import type { AppEnv } from '../../context';

export interface AdminAlert {
  id: 'demo-password';
  level: 'error';
  message: string;
  /** The account it is about: the dashboard offers its own user a way to fix it on the spot. */
  account: string;
}

/**
 * What every admin must see at the top of the dashboard until it is fixed. Today: an admin account of
 * a production site that still signs in with the published demo password (auth/demo-password.ts).
 */
export const adminAlertsRoutes = new Hono<AppEnv>().get('/admin/alerts', requireAdmin, async (c) => {
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
  return c.json({ alerts });
});
