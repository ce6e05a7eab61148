import type { MiddlewareHandler } from 'hono';

/** The admin routes that answer a mail's own HTML, to be shown in an <iframe> of the Newsletter tab. */
export const MAIL_FRAME_PATH = /^\/api\/admin\/newsletter\/(?:preview|outbox\/\d+)\/html$/;

/**
 * A mail is styled with inline `style` attributes (mail clients ignore style sheets), which the site's
 * policy forbids, and a framed answer is refused by X-Frame-Options: DENY. So these few admin answers
 * get their own policy instead: nothing runs (sandbox without scripts, no script source), nothing
 * loads but images, inline styles allowed, and only this site may frame them. The sandbox keeps the
 * site's origin so the site's own images (Cross-Origin-Resource-Policy: same-origin) still load. Outermost, so it has the last word.
 */
export const mailFrameHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (!MAIL_FRAME_PATH.test(c.req.path) || c.res.status !== 200) return;
  c.res.headers.set(
    'content-security-policy',
    "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox allow-same-origin",
  );
  c.res.headers.set('x-frame-options', 'SAMEORIGIN');
  c.res.headers.delete('reporting-endpoints');
};
