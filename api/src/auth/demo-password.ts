import { verifyPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { account, user } from '../db/schema';
import { DEMO_ADMIN } from '../db/seed/demo-admin';

/** Verdicts per stored password hash: a hash changes when its password does, so this never goes stale. */
const verdicts = new Map<string, boolean>();

/**
 * Admin accounts whose password is the demo admin's, which the README and the development console
 * publish. Production logs an error for each at every start and the admin shows a red banner until
 * the password is changed (routes/admin/alerts.ts). Only admins are checked: they are few, and a
 * published password on anyone else's account opens nothing of the site's.
 */
export async function adminsWithDemoPassword(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: user.email, hash: account.password })
    .from(user)
    .innerJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
    .where(eq(user.isAdmin, true));
  const found: string[] = [];
  for (const { email, hash } of rows) {
    if (!hash) continue;
    let demo = verdicts.get(hash);
    if (demo === undefined) {
      demo = await verifyPassword({ hash, password: DEMO_ADMIN.password }).catch(() => false);
      verdicts.set(hash, demo);
    }
    if (demo) found.push(email);
  }
  return found;
}
