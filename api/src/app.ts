import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { CLIENT_IP_HEADER } from './auth/auth';
import { signInThrottle } from './auth/sign-in-throttle';
import { evenSignUpTime } from './auth/sign-up-timing';
import type { AppDeps, AppEnv } from './context';
import { publicCacheFastPath } from './lib/cache/fast-path';
import { PRIVATE_NO_STORE } from './lib/cache/cdn';
import { clientIp } from './lib/http/client-ip';
import { errorResponse } from './lib/http/error-response';
import { clearsNothing } from './lib/cache/write-clears';
import { metricsHandler } from './observe/metrics-route';
import { observeRequests } from './observe/request';
import { apiRoutes } from './routes';
import { goRoutes } from './routes/go';
import { newsletterInboundRoutes } from './routes/newsletter/inbound';
import { newsletterOneClickRoutes } from './routes/newsletter/public';
import { staticRoutes } from './web/static';
import { ssrHandler } from './web/ssr';
import { slugRedirectPage } from './routes/content/slug-redirects';
import { seoRoutes } from './routes/seo';
import { closeAfterEarlyAnswer } from './security/early-answer';
import { CSP_REPORT_PATH, cspHeaders } from './security/csp';
import { mailFrameHeaders } from './security/mail-frame';
import { originCheck } from './security/origin';
import { secureCookies } from './security/secure-cookies';
import { refuseControlCharsInAuthBody, refuseControlCharsInUrl } from './security/hostile-input';

const JSON_BODY_LIMIT = 1024 * 1024;
const ONE_CLICK_UNSUBSCRIBE = /^\/newsletter\/unsubscribe\/[^/]+$/;
/** Mail to the unsubscribe mailto:, posted by a mail server with a shared secret (routes/newsletter/inbound.ts). */
const INBOUND_MAIL = '/newsletter/inbound';

/** One place for error handling, not-found, headers and limits; tests build their own with createApp(deps). */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use(mailFrameHeaders);
  app.use(closeAfterEarlyAnswer);
  app.use(cspHeaders);

  // Request id, one structured log line and the request metrics (observe/).
  app.use(observeRequests(deps));
  // Fresh cached public reads are answered here, before the rest (lib/cache/fast-path.ts).
  app.use(publicCacheFastPath(deps));
  app.use(
    secureHeaders({
      crossOriginResourcePolicy: 'same-origin',
      crossOriginOpenerPolicy: 'same-origin',
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
    }),
  );
  // Pages and JSON go out gzip-compressed to clients that accept it (a 24 KB page → ~6 KB); build
  // files come precompressed from web/static.ts, which this then leaves alone.
  app.use(compress());
  app.use(async (c, next) => {
    c.set('deps', deps);
    c.set('user', undefined);
    await next();
  });
  // Cookies of an https request are Secure, also behind a proxy that ends TLS (security/secure-cookies.ts).
  app.use(secureCookies);
  app.use(async (c, next) => {
    // better-auth reads the client address from this header for its rate limits; never trust the caller's copy.
    c.req.raw.headers.set(CLIENT_IP_HEADER, clientIp(c, deps.env.TRUST_PROXY));
    await next();
  });
  // Cross-site writes stop here, before any body is read (security/origin.ts).
  // The one-click unsubscribe is posted by mail providers with no cookie and whatever Origin they like;
  // its token authenticates it (routes/newsletter/public.ts). So does inbound mail's shared secret.
  app.use(originCheck(deps.env, [CSP_REPORT_PATH, ONE_CLICK_UNSUBSCRIBE, INBOUND_MAIL]));
  // NUL and other control characters in a path or query string stop here, before any route reads them.
  app.use(refuseControlCharsInUrl);
  const routed = mountApi(app, deps);
  app.get('/metrics', metricsHandler);
  app.route('/', staticRoutes);
  app.route('/', goRoutes);
  app.route('/', newsletterOneClickRoutes);
  app.route('/', newsletterInboundRoutes);
  app.route('/', seoRoutes);
  // A sign-in form posted before its script ran: never keep the password; show the form again.
  app.post('/sign-in', clearsNothing('answers with a redirect only'), (c) =>
    c.redirect(new URL(c.req.url).pathname + new URL(c.req.url).search, 303),
  );
  // An article's old slug (a renamed article) answers 301 to its new one instead of the 404 page.
  app.get('/content/:identifier', slugRedirectPage);
  app.get('*', ssrHandler(deps, internalReads(deps)));

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError(errorResponse);

  return routed;
}

export type App = ReturnType<typeof createApp>;

/**
 * The deps every route reads, and the API's own rules, shared by the app and the internal reads.
 * Returns the mounted API (its type is the typed client's contract).
 */
function mountApi(app: Hono<AppEnv>, deps: AppDeps) {
  app.use(async (c, next) => {
    c.set('deps', deps);
    c.set('user', undefined);
    await next();
  });
  // An API answer is private unless its route says otherwise (lib/cache/cache.ts publicCache): nothing
  // tied to a session (auth, admin, product and recipe details) is ever kept by a shared cache.
  app.use('/api/*', async (c, next) => {
    await next();
    const given = c.res.headers.get('cache-control');
    if (given?.startsWith('public') || given?.startsWith('private')) return;
    // better-auth's own "no-store" becomes "private, no-store" too: one rule for every session answer.
    const value = given ? `private, ${given}` : PRIVATE_NO_STORE;
    try {
      c.res.headers.set('cache-control', value);
    } catch {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('cache-control', value);
    }
  });
  app.use('/api/*', async (c, next) => {
    // Uploads carry their own (5 MB) limit in their router. Reads carry no body: asking for one would
    // build a full Request on @hono/node-server (an AbortController and a stream) on every cache hit.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (c.req.path === '/api/upload' || c.req.path.startsWith('/api/admin/analyze')) return next();
    return bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: (c) => c.json({ message: 'Request body too large' }, 413),
    })(c, next);
  });
  app.use('/api/auth/*', refuseControlCharsInAuthBody);
  const noPublicPage = 'accounts and sessions show on no public page';
  // Guesses at one account are limited wherever they come from (auth/sign-in-throttle.ts).
  app.post('/api/auth/sign-in/email', clearsNothing(noPublicPage), signInThrottle);
  // A taken email and a new one answer after the same time (auth/sign-up-timing.ts).
  app.post('/api/auth/sign-up/email', clearsNothing(noPublicPage), evenSignUpTime);
  app.on(['GET', 'POST'], '/api/auth/*', clearsNothing(noPublicPage), async (c, next) => {
    // Our own /api/auth/user and /api/auth/admin-status come first.
    if (c.req.path === '/api/auth/user' || c.req.path === '/api/auth/admin-status') return next();
    return deps.auth.handler(c.req.raw);
  });

  // A successful write clears the cached reads showing what it changed, on every instance and the CDN:
  // each write route declares which (lib/cache/write-clears.ts).
  const routed = app.route('/api', apiRoutes);
  app.all('/api/*', (c) => c.json({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404));
  return routed;
}

/**
 * What a server render reads through (web/ssr.ts): the API routes and their caches, behind only what
 * a read needs. The page's own request has already passed the outer gates (early answers, CSP, Origin,
 * control characters, security headers) and is the one logged and measured, so its three or four
 * reads are neither logged as requests of their own nor given headers nobody sees. The reader's
 * address travels in the forwarded CLIENT_IP_HEADER, which only the outer app sets.
 */
export function internalReads(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use(publicCacheFastPath(deps));
  app.use(refuseControlCharsInUrl);
  app.use(async (c, next) => {
    c.set('serverRender', true);
    await next();
  });
  mountApi(app, deps);
  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError(errorResponse);
  return app;
}
