import { hostname } from 'node:os';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../context';
import type { Database } from '../db/client';
import { adminSetupLinks, user } from '../db/schema';
import { hashOneTimeToken, newOneTimeToken } from '../security/one-time-token';

/** How long a printed setup link works. */
export const SETUP_LINK_HOURS = 24;

export const instanceName = () => `${hostname()}:${process.pid}`;

export const hashSetupToken = hashOneTimeToken;

export async function hasAdmin(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(user).where(eq(user.isAdmin, true));
  return (row?.n ?? 0) > 0;
}

/**
 * Production start-up on a site without an admin (run under the start-up lock, so one instance of
 * many does it): print a one-time link that creates the first admin, or say where the last one was
 * printed while it still works. Development has the demo admin instead; `make-admin` works always.
 */
export async function announceFirstAdminSetup(deps: AppDeps): Promise<void> {
  const { db, env, logger } = deps;
  if (await hasAdmin(db)) return;
  const makeAdmin = 'or sign up and run `npx -y pnpm@10 make-admin you@example.com`';
  const [open] = await db
    .select()
    .from(adminSetupLinks)
    .where(and(isNull(adminSetupLinks.usedAt), gt(adminSetupLinks.expiresAt, new Date())))
    .limit(1);
  if (open) {
    logger.warn(
      { setupLinkBy: open.createdBy, expiresAt: open.expiresAt.toISOString() },
      `No admin yet. A one-time setup link was printed in the log of ${open.createdBy} at ${open.createdAt.toISOString()}; it works until ${open.expiresAt.toISOString()}. Use it, ${makeAdmin}.`,
    );
    return;
  }
  const { token, hash } = newOneTimeToken();
  const expiresAt = new Date(Date.now() + SETUP_LINK_HOURS * 3600_000);
  await db.insert(adminSetupLinks).values({ tokenHash: hash, expiresAt, createdBy: instanceName() });
  logger.warn(
    { expiresAt: expiresAt.toISOString() },
    `No admin yet. Create the first admin account at ${env.SITE_URL}/setup/${token} (one use, works for ${SETUP_LINK_HOURS} hours), ${makeAdmin}.`,
  );
}

/**
 * Claims a setup link: true when it was unused, unexpired, and the site still has no admin. The claim
 * and the admin flag are one transaction with the caller's work, so two tabs cannot both succeed.
 */
export async function claimSetupLink(tx: Database, token: string): Promise<boolean> {
  const [link] = await tx
    .update(adminSetupLinks)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(adminSetupLinks.tokenHash, hashSetupToken(token)),
        isNull(adminSetupLinks.usedAt),
        gt(adminSetupLinks.expiresAt, new Date()),
      ),
    )
    .returning({ id: adminSetupLinks.id });
  return Boolean(link) && !(await hasAdmin(tx));
}

/** Whether a link would be accepted now (the setup page asks before showing its form). */
export async function setupLinkUsable(db: Database, token: string): Promise<boolean> {
  const [link] = await db
    .select({ id: adminSetupLinks.id })
    .from(adminSetupLinks)
    .where(
      and(
        eq(adminSetupLinks.tokenHash, hashSetupToken(token)),
        isNull(adminSetupLinks.usedAt),
        gt(adminSetupLinks.expiresAt, new Date()),
      ),
    );
  return Boolean(link) && !(await hasAdmin(db));
}
