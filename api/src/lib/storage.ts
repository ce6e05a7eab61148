import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../context';
import type { Env } from '../env';
import { ApiError } from './errors';

/** A stored file as it is read back: the bytes (or a stream of them) and their length. */
export interface StoredFile {
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array<ArrayBuffer>>;
  size: number;
}

/**
 * Where uploaded files live: a local folder by default, an S3-compatible bucket in a deployment
 * of several instances (STORAGE=s3, lib/s3-storage.ts). Names are random and never reused.
 */
export interface Storage {
  kind: 'local' | 's3';
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

export function localStorage(dir: string): Storage {
  const resolve = (name: string) => path.join(dir, assertSafeName(name));
  return {
    kind: 'local',
    async put(name, data) {
      await mkdir(dir, { recursive: true });
      await writeFile(resolve(name), data);
    },
    async get(name) {
      try {
        const data = await readFile(resolve(name));
        return { body: data, size: data.byteLength };
      } catch {
        return null;
      }
    },
    async delete(name) {
      await unlink(resolve(name)).catch(() => undefined);
    },
    publicPath: uploadPublicPath,
    redirectUrl: () => null,
  };
}

/** The backend the configuration asks for. The S3 client is loaded only when it is used. */
export async function storageFromEnv(env: Env): Promise<Storage> {
  if (env.STORAGE === 's3' && env.s3) {
    const { s3Storage } = await import('./s3-storage');
    return s3Storage(env.s3);
  }
  return localStorage(env.UPLOAD_DIR);
}

/** Store an upload; a file store that is down is a 503 the admin can retry, not a 500. */
export async function storeUpload(
  deps: Pick<AppDeps, 'storage' | 'logger'>,
  name: string,
  data: Uint8Array,
  contentType: string,
) {
  try {
    await deps.storage.put(name, data, contentType);
  } catch (err) {
    deps.logger.error({ name, err: (err as Error).message }, '[uploads] could not store');
    throw new ApiError(503, 'The file store is not answering. The image was not saved. Please try again.');
  }
}
