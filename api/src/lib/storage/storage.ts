import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../context';
import type { Env } from '../../env';
import type { Logger } from '../../observe/logger';
import { ApiError } from '../http/errors';
import { assertSafeName, STORAGE_RETRY_AFTER_S, type Storage, uploadPublicPath } from './types';

export {
  assertSafeName,
  isSafeName,
  STORAGE_RETRY_AFTER_S,
  StorageTimeout,
  type Storage,
  type StoredFile,
  uploadPublicPath,
} from './types';

export function localStorage(dir: string): Storage {
  const resolve = (name: string) => path.join(dir, assertSafeName(name));
  return {
    // Written beside, then renamed: a reader never gets half a file (a size job overwrites in place).
    async put(name, data) {
      await mkdir(dir, { recursive: true });
      const target = resolve(name);
      const partial = `${target}.${randomUUID()}.partial`;
      try {
        await writeFile(partial, data);
        await rename(partial, target);
      } catch (err) {
        await unlink(partial).catch(() => undefined);
        throw err;
      }
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
export async function storageFromEnv(env: Env, logger?: Logger): Promise<Storage> {
  // env.s3 is set exactly when STORAGE=s3 (with its bucket; env.ts refuses it without one).
  if (env.s3) {
    const { s3Storage } = await import('./s3-storage');
    return s3Storage(env.s3, logger);
  }
  return localStorage(env.UPLOAD_DIR);
}

/**
 * Store an upload; a file store that is down or does not answer in time (STORAGE_TIMEOUT_MS) is a
 * 503 with Retry-After the admin can retry, not a 500. The caller writes no row for the file then.
 */
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
    throw new ApiError(
      503,
      'The file store is not answering. The image was not saved. Please try again.',
      undefined,
      { 'retry-after': String(STORAGE_RETRY_AFTER_S) },
    );
  }
}
