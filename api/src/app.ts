import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { logger } from 'hono/logger';
import { secureHeaders } from 'hono/secure-headers';
import { CLIENT_IP_HEADER } from './auth/auth';
import type { AppDeps, AppEnv } from './context';
import { ApiError } from './lib/errors';
import { clearPublicCache } from './lib/cache';
import { clientIp } from './lib/client-ip';
import { apiRoutes } from './routes';
import { goRoutes } from './routes/go';
import { staticRoutes } from './web/static';
import { ssrHandler } from './web/ssr';
import { seoRoutes } from './routes/seo';

const JSON_BODY_LIMIT = 1024 * 1024;

/** One place for error handling, not-found, headers and limits; tests build their own with createApp(deps). */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  if (deps.env.LOG_REQUESTS ?? !deps.env.isProduction) {
    if (deps.env.NODE_ENV !== 'test') app.use(logger());
  }
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
    // better-auth reads the client address from this header for its rate limits; never trust the caller's copy.
    c.req.raw.headers.set(CLIENT_IP_HEADER, clientIp(c, deps.env.TRUST_PROXY));
    await next();
  });
  app.use('/api/*', async (c, next) => {
    // Uploads carry their own (5 MB) limit in their router.
    if (c.req.path === '/api/upload' || c.req.path.startsWith('/api/admin/analyze')) return next();
    return bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: (c) => c.json({ message: 'Request body too large' }, 413),
    })(c, next);
  });

  app.on(['GET', 'POST'], '/api/auth/*', async (c, next) => {
    // Our own /api/auth/user and /api/auth/admin-status come first.
    if (c.req.path === '/api/auth/user' || c.req.path === '/api/auth/admin-status') return next();
    return deps.auth.handler(c.req.raw);
  });

  // Any successful write through this instance drops its cached public reads (lib/cache.ts).
  app.use('/api/*', async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.res.status < 400) clearPublicCache(deps);
  });
  const routed = app.route('/api', apiRoutes);

  app.all('/api/*', (c) => c.json({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404));
  app.route('/', staticRoutes);
  app.route('/', goRoutes);
  app.route('/', seoRoutes);
  // A sign-in form posted before its script ran: never keep the password; show the form again.
  app.post('/sign-in', (c) => c.redirect(new URL(c.req.url).pathname + new URL(c.req.url).search, 303));
  app.get('*', ssrHandler(app));

  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json({ message: err.message, ...err.extra }, err.status);
    if (err instanceof HTTPException) {
      return c.json({ message: err.message || 'Request failed' }, err.status);
    }
    if (err instanceof SyntaxError) return c.json({ message: 'Malformed JSON body' }, 400);
    console.error(`[${c.req.method} ${c.req.path}]`, err);
    return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
  });

  return routed;
}

export type App = ReturnType<typeof createApp>;
