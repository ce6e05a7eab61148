import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseRungName } from '@site/shared';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { pictures } from '../db/schema';
import { pickEncoding } from '../lib/cache/accept-encoding';
import { isSafeName, STORAGE_RETRY_AFTER_S } from '../lib/storage/storage';
import { COMPRESSIBLE_FILE, compressedFile } from './compressed';
import { demoAssetsDir, webClientDir } from './paths';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A size that is not made yet (its job is queued, or failed) is answered by the picture's original:
 * pages name every size from the picture's address alone (shared/src/helpers/picture.ts), so this is
 * what "until the sizes exist, pages use the original" means on the wire. Kept 30 s, so the sizes
 * take over soon after the job.
 */
function originalForNow(c: Context<AppEnv>, original: string) {
  c.header('cache-control', 'public, max-age=30');
  return c.redirect(c.var.deps.storage.publicPath(original), 302);
}

/** With the bucket's own address (S3_PUBLIC_URL) the bucket is not asked: the job's row says. */
async function rungsReady(deps: AppDeps, original: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ status: pictures.status })
    .from(pictures)
    .where(eq(pictures.name, original))
    .catch(() => []);
  return row?.status === 'ready';
}

/**
 * Serve one file from a folder, refusing anything that escapes it. Text files go out brotli- or
 * gzip-compressed when the client accepts it (the main bundle: 382 KB raw, 100 KB brotli).
 */
async function sendFile(
  root: string,
  rel: string,
  cacheControl: string,
  acceptEncoding?: string,
): Promise<Response | null> {
  const file = path.resolve(root, `.${path.posix.normalize(`/${rel}`)}`);
  if (!file.startsWith(root + path.sep)) return null;
  const type = TYPES[path.extname(file).toLowerCase()];
  if (!type) return null;
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
  };
  try {
    if (!COMPRESSIBLE_FILE.test(file)) return new Response(await readFile(file), { headers });
    const forms = await compressedFile(file);
    const encoding = pickEncoding(acceptEncoding);
    headers.vary = 'accept-encoding';
    if (encoding) headers['content-encoding'] = encoding;
    const body = encoding ? forms[encoding] : forms.raw;
    headers['content-length'] = String(body.length);
    return new Response(new Uint8Array(body), { headers });
  } catch {
    return null;
  }
}

export const staticRoutes = new Hono<AppEnv>()
  // Vite's hashed bundles never change under one name.
  .get(
    '/assets/*',
    async (c) =>
      (await sendFile(webClientDir, c.req.path, IMMUTABLE, c.req.header('accept-encoding'))) ?? c.notFound(),
  )
  .get(
    '/demo/*',
    async (c) =>
      (await sendFile(demoAssetsDir, c.req.path.slice('/demo'.length), 'public, max-age=86400')) ??
      c.notFound(),
  )
  // Uploaded names are random and never reused, so they can be cached for good (by a CDN too).
  // With S3 storage the bytes are streamed from the bucket, so the URL, its origin (CSP, the desktop
  // app's image policy) and these headers stay the same; S3_PUBLIC_URL sends readers there instead.
  .get('/uploads/:name', async (c) => {
    const name = c.req.param('name');
    const type = TYPES[path.extname(name).toLowerCase()];
    const { storage } = c.var.deps;
    if (!type || !isSafeName(name)) return c.json({ message: 'Not found' }, 404);
    const rung = parseRungName(name);
    const redirect = storage.redirectUrl(name);
    if (rung && redirect && !(await rungsReady(c.var.deps, rung.original.name))) {
      return originalForNow(c, rung.original.name);
    }
    if (redirect) {
      c.header('cache-control', IMMUTABLE);
      return c.redirect(redirect, 301);
    }
    let file: Awaited<ReturnType<typeof storage.get>>;
    try {
      file = await storage.get(name);
    } catch (err) {
      c.var.deps.logger.error({ name, err: (err as Error).message }, '[uploads] could not read');
      c.header('retry-after', String(STORAGE_RETRY_AFTER_S));
      return c.json({ message: 'The file store is not answering. Please try again.' }, 503);
    }
    if (!file) return rung ? originalForNow(c, rung.original.name) : c.json({ message: 'Not found' }, 404);
    // Hono answers HEAD with the GET handler and drops the body unread: release the bucket's stream.
    const head = c.req.raw.method === 'HEAD';
    if (head && file.body instanceof ReadableStream) await file.body.cancel();
    return new Response(head ? null : file.body, {
      headers: {
        'content-type': type,
        'content-length': String(file.size),
        'cache-control': IMMUTABLE,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      },
    });
  })
  .get(
    '/favicon.svg',
    async (c) =>
      (await sendFile(
        webClientDir,
        'favicon.svg',
        'public, max-age=86400',
        c.req.header('accept-encoding'),
      )) ?? c.notFound(),
  )
  .get(
    '/favicon.ico',
    async (c) => (await sendFile(webClientDir, 'favicon.svg', 'public, max-age=86400')) ?? c.notFound(),
  );
