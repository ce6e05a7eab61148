import { Hono } from 'hono';
import { can } from '../auth/policy';
import type { AppEnv } from '../context';
import { storePicture } from '../pictures/store';
import { fileField, imageBodyLimit, readMultipart } from '../uploads/multipart';
import { clearsNothing } from '../lib/cache/write-clears';

/**
 * POST /api/upload (spec §7): admin only, checked before the body is read; the type comes from the
 * bytes; the stored file is a fresh re-encode under a random name, so nothing the sender chose survives.
 * Its ladder of sizes is made by the picture-sizes job (pictures/sizes.ts).
 */
export const uploadRoutes = new Hono<AppEnv>().post(
  '/upload',
  can('upload'),
  clearsNothing('a new file: no page shows it until an item names it'),
  imageBodyLimit,
  async (c) => {
    const form = await readMultipart(c.req.raw);
    const bytes = await fileField(form, 'image', 'Choose an image to upload (form field "image").');
    // A file whose header is fine but whose pixel data is damaged (or too many frames) fails in the
    // re-encode: bad input, 415, not a 500. The answer does not wait for the sizes (a queued job).
    const picture = await storePicture(c.var.deps, bytes);
    return c.json({ imageUrl: picture.url, width: picture.width, height: picture.height }, 201);
  },
);
