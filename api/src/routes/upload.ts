import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { requireAdmin } from '../auth/middleware';
import type { AppEnv } from '../context';
import { storeUpload } from '../lib/storage/storage';
import { checkUpload } from '../uploads/image-check';
import { fileField, imageBodyLimit, readMultipart } from '../uploads/multipart';
import { clearsNothing } from '../lib/cache/write-clears';

/**
 * POST /api/upload (spec §7): admin only, checked before the body is read; the type comes from the
 * bytes; the stored file is a fresh re-encode under a random name, so nothing the sender chose survives.
 */
export const uploadRoutes = new Hono<AppEnv>().post(
  '/upload',
  requireAdmin,
  clearsNothing('a new file: no page shows it until an item names it'),
  imageBodyLimit,
  async (c) => {
    const form = await readMultipart(c.req.raw);
    const bytes = await fileField(form, 'image', 'Choose an image to upload (form field "image").');
    // A file whose header is fine but whose pixel data is damaged (or too many frames) fails in the
    // re-encode: bad input, 415, not a 500.
    const { file: out } = await checkUpload(bytes);
    const name = `${randomUUID()}.${out.ext}`;
    const { storage, env } = c.var.deps;
    await storeUpload(c.var.deps, name, out.data, out.mime);
    return c.json({ imageUrl: `${env.SITE_URL}${storage.publicPath(name)}` }, 201);
  },
);
