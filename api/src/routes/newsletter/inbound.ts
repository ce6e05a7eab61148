import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../context';
import { clearsNothing } from '../../lib/cache/write-clears';
import { ApiError } from '../../lib/http/errors';
import { unsubscribe } from '../../newsletter/subscribe';

/** A mail to the unsubscribe address is a few KB; anything past this is not one. */
const MAX_INBOUND_BYTES = 256 * 1024;
const TOKEN = /\bunsubscribe\s+([1-9][0-9]{0,9}\.[A-Za-z0-9_-]{43})\b/i;

/** The caller's secret: `Authorization: Bearer T`, or Basic with T as the password (providers put it in the webhook URL). */
function presented(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value = ''] = header.split(' ', 2);
  if (/^bearer$/i.test(scheme ?? '')) return value;
  if (/^basic$/i.test(scheme ?? '')) {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    return decoded.slice(decoded.indexOf(':') + 1);
  }
  return null;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The raw message: the body itself (a mail server piping it through curl), or the form field a
 * provider's inbound webhook puts it in (SendGrid's `email` with "post the raw MIME", Mailgun's `body-mime`).
 */
async function rawMessage(req: Request): Promise<string> {
  const type = req.headers.get('content-type') ?? '';
  if (/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) {
    const form = await req.formData();
    const field = form.get('email') ?? form.get('body-mime');
    return typeof field === 'string' ? field : '';
  }
  return req.text();
}

/**
 * Unsubscribe by mail (the `mailto:` of List-Unsubscribe, RFC 2369): the mail server or provider that
 * receives mail for MAIL_UNSUBSCRIBE_MAILTO posts each message here. The subject (or, failing that,
 * the text) carries `unsubscribe {token}`, and the token authenticates the request as the one-click
 * URL's does; the shared secret keeps the endpoint from being an open mail parser. Answers 200 for any
 * message it read, so a provider does not retry one that names nobody. Mounted at the root, exempt
 * from the Origin check (app.ts) like the one-click URL.
 */
export const newsletterInboundRoutes = new Hono<AppEnv>().post(
  '/newsletter/inbound',
  clearsNothing('subscribers are shown to admins only'),
  // The secret first: no body is read for a caller without it.
  async (c, next) => {
    const secret = c.var.deps.env.NEWSLETTER_INBOUND_TOKEN;
    if (!secret) throw new ApiError(404, 'Not found');
    const given = presented(c.req.header('authorization'));
    if (!given || !same(given, secret)) {
      throw new ApiError(401, 'Unauthorized');
    }
    return next();
  },
  bodyLimit({
    maxSize: MAX_INBOUND_BYTES,
    onError: () => {
      throw new ApiError(413, 'A message to the unsubscribe address is at most 256 KB');
    },
  }),
  async (c) => {
    const { deps } = c.var;
    const raw = await rawMessage(c.req.raw);
    const { simpleParser } = await import('mailparser');
    const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
    const token = TOKEN.exec(mail.subject ?? '')?.[1] ?? TOKEN.exec(mail.text ?? '')?.[1];
    c.header('cache-control', 'no-store');
    if (!token) {
      deps.logger.info('[newsletter] inbound mail without an unsubscribe token');
      return c.json({ result: 'no token' });
    }
    try {
      await unsubscribe(deps, token);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return c.json({ result: 'unknown token' });
      throw err;
    }
    return c.json({ result: 'unsubscribed' });
  },
);
