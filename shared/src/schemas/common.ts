import { z } from 'zod';

/** Only http(s) URLs are stored for links and images (DESIGN.md §4). */
export const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' }));

/** An image reference: absolute http(s) URL or a site path like /uploads/x.webp. */
export const imageRef = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (v) => /^\/(?!\/)[\w\-./]+$/.test(v) || httpUrl.safeParse(v).success,
    'Must be an http(s) URL or a site path',
  );

export const tagList = z.array(z.string().trim().min(1).max(40)).max(20);

export const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Error body every endpoint answers with (DESIGN.md §3). */
export type ApiError = { message: string; issues?: unknown };
