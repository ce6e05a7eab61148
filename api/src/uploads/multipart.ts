import { LIMITS } from '@site/shared';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from '../lib/http/errors';
import { TOO_LARGE_MESSAGE } from './image-check';

// Room for the other form fields and multipart framing around a 5 MB file.
const MULTIPART_OVERHEAD = 64 * 1024;

/** 413 as soon as the declared or streamed body passes the limit, before it is all read. */
export const imageBodyLimit: MiddlewareHandler = bodyLimit({
  maxSize: LIMITS.uploadMaxBytes + MULTIPART_OVERHEAD,
  onError: (c) => c.json({ message: TOO_LARGE_MESSAGE }, 413),
});

/** The multipart form, or a 415 when the request is not multipart/form-data. */
export async function readMultipart(req: Request): Promise<FormData> {
  const type = req.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new ApiError(415, 'Send the image as multipart/form-data.');
  }
  try {
    return await req.formData();
  } catch {
    throw new ApiError(400, 'Malformed multipart body.');
  }
}

/** The named file field as bytes; 400 when it is missing. */
export async function fileField(form: FormData, name: string, missingMessage: string): Promise<Uint8Array> {
  const value = form.get(name);
  if (!value || typeof value === 'string') throw new ApiError(400, missingMessage);
  if (value.size > LIMITS.uploadMaxBytes) throw new ApiError(413, TOO_LARGE_MESSAGE);
  return new Uint8Array(await value.arrayBuffer());
}
