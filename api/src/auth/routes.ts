import { safeReturnPath } from '@site/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { currentUser, toCurrentUser } from './middleware';
import { roleOf } from './role';
import { clearsNothing } from '../lib/cache/write-clears';

/** The spec's auth calls (§7), served beside better-auth's own /api/auth/* endpoints. */
export const authRoutes = new Hono<AppEnv>()
  .get('/auth/user', async (c) => {
    const user = await currentUser(c);
    if (!user) return c.json({ message: 'Not signed in' }, 401);
    return c.json(toCurrentUser(user, c.var.deps.env));
  })
  .get('/auth/admin-status', async (c) => {
    const user = await currentUser(c);
    return c.json({ isAdmin: roleOf(user) === 'admin' });
  })
  // Sign In is a navigation: to our sign-in page, then back where the reader was.
  .get('/login', (c) => {
    const fromQuery = c.req.query('returnTo');
    let fromReferer: string | undefined;
    const referer = c.req.header('referer');
    if (referer) {
      try {
        const u = new URL(referer);
        if (u.origin === new URL(c.var.deps.env.SITE_URL).origin) fromReferer = u.pathname + u.search;
      } catch {
        /* ignore a malformed referer */
      }
    }
    const target = safeReturnPath(fromQuery ?? fromReferer, '/');
    const returnTo = target.startsWith('/sign-in') ? '/' : target;
    return c.redirect(`/sign-in?returnTo=${encodeURIComponent(returnTo)}`, 302);
  })
  // No GET changes state (issue 27): the spec's /api/logout navigation only leads to a page whose
  // Sign Out button posts here. An <img src="/api/logout"> in a story or a mail signs nobody out.
  .get('/logout', (c) => c.redirect('/sign-out', 302))
  // The sign-out itself: a form post from the site's own menu or that page. The Origin check
  // (security/origin.ts) has already refused it if a cookie came from a page of another site.
  .post('/logout', clearsNothing('ends a session, which no public page shows'), async (c) => {
    const res = await c.var.deps.auth.api
      .signOut({ headers: c.req.raw.headers, asResponse: true })
      .catch(() => null);
    // 303: the browser follows with a GET of the home page, not a second post.
    const out = c.redirect('/', 303);
    // Pass on better-auth's cookie clearing.
    for (const cookie of res?.headers.getSetCookie() ?? []) out.headers.append('set-cookie', cookie);
    return out;
  });
