// What every storage backend shares (storage.ts: local folder; s3-storage.ts: a bucket); no imports,
// so the backends and the app's context can all depend on it without a cycle.

/** A stored file as it is read back: the bytes (or a stream of them) and their length. */
export interface StoredFile {
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array<ArrayBuffer>>;
  size: number;
}

/**
 * Where uploaded files live: a local folder by default, an S3-compatible bucket in a deployment
 * of several instances (STORAGE=s3, lib/storage/s3-storage.ts). Names are random and never reused.
 */
export interface Storage {
  put(name: string, data: Uint8Array, contentType: string): Promise<void>;
  get(name: string): Promise<StoredFile | null>;
  delete(name: string): Promise<void>;
  /** Public path the file is served from, e.g. /uploads/abc.webp */
  publicPath(name: string): string;
  /** Where GET /uploads/:name sends the reader instead of streaming (S3_PUBLIC_URL); null = stream. */
  redirectUrl(name: string): string | null;
}

const SAFE_NAME = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,200}$/;

/** Every backend refuses the same names: no paths, no dot-dot, nothing a caller could steer. */
export const isSafeName = (name: string) => SAFE_NAME.test(name) && !name.includes('..');

export function assertSafeName(name: string): string {
  if (!isSafeName(name)) throw new Error('Invalid file name');
  return name;
}

export const uploadPublicPath = (name: string) => `/uploads/${name}`;

/** A call to the file store that took longer than STORAGE_TIMEOUT_MS: given up and aborted. */
export class StorageTimeout extends Error {
  constructor(ms: number) {
    super(`The file store did not answer within ${ms} ms`);
    this.name = 'StorageTimeout';
  }
}

/** Seconds a client should wait before it tries again when the file store does not answer. */
export const STORAGE_RETRY_AFTER_S = 5;
