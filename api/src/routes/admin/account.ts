import { DESKTOP_UA_PRODUCT, type StaffSession } from '@site/shared';
import Bowser from 'bowser';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { currentUser } from '../../auth/middleware';
import { can } from '../../auth/policy';
import type { AppEnv } from '../../context';
import { session } from '../../db/schema';
import { clearsNothing } from '../../lib/cache/write-clears';
import { ApiError, notFound } from '../../lib/http/errors';
import { validate } from '../../lib/http/validate';

const sessionIdParam = z.object({ id: z.string().min(1).max(100) });

const DESKTOP_APP = new RegExp(`^${DESKTOP_UA_PRODUCT}/\\S+(?: \\(([^)]{1,40})\\))?`);

/** The device in words, from the User-Agent it signed in with: "Firefox on Windows", "Desktop app on macOS". */
export function deviceName(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim();
  if (!ua) return 'Unknown device';
  const desktop = DESKTOP_APP.exec(ua);
  if (desktop) return desktop[1] ? `Desktop app on ${desktop[1]}` : 'Desktop app';
  const parsed = Bowser.parse(ua);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || 'Unknown device';
}

/** The session this request came with (the cookie's or the bearer token's). */
async function currentSessionId(c: Context<AppEnv>) {
  const found = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  if (!found) throw new ApiError(401, 'You need to sign in to do that.');
  return { sessionId: found.session.id, userId: found.user.id };
}

/**
 * The staff member's own signed-in devices (issue 42 §5). Read here rather than through better-auth's
 * /list-sessions, which hands every session's token to the page (a token is a credential: the desktop
 * app keeps its own out of the renderer) and refuses sessions older than a day. Ids only, never tokens.
 */
export const adminAccountRoutes = new Hono<AppEnv>()
  .get('/admin/account/sessions', can('account.manage'), async (c) => {
    const { sessionId, userId } = await currentSessionId(c);
    const rows = await c.var.deps.db
      .select({
        id: session.id,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
        updatedAt: session.updatedAt,
        createdAt: session.createdAt,
      })
      .from(session)
      .where(and(eq(session.userId, userId), gt(session.expiresAt, sql`now()`)))
      .orderBy(desc(session.updatedAt))
      .limit(200);
    const out: StaffSession[] = rows.map((r) => ({
      id: r.id,
      current: r.id === sessionId,
      device: deviceName(r.userAgent),
      ipAddress: r.ipAddress || null,
      lastSeenAt: r.updatedAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
    }));
    return c.json(out);
  })
  // Signs one of the staff member's own devices out: its next request is anonymous.
  .delete(
    '/admin/account/sessions/:id',
    can('account.manage'),
    clearsNothing('sessions show on no public page'),
    validate('param', sessionIdParam),
    async (c) => {
      const { id } = c.req.valid('param');
      // The user can() already looked up: this runs in the audit entry's transaction (audit/record.ts),
      // where asking better-auth (its own connection) again would wait on it with PGlite's single one.
      const user = (await currentUser(c))!;
      const ended = await c.var.deps.db
        .delete(session)
        .where(and(eq(session.id, id), eq(session.userId, user.id)))
        .returning({ id: session.id });
      // Another person's session is "not found" too: ids of others' sessions are never confirmed.
      if (!ended.length) throw notFound('That device is already signed out.');
      return c.json({ ended: ended.length });
    },
  );
