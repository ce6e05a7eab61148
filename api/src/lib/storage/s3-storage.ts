import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Logger } from 'pino';
import type { S3Config } from '../../env';
import { outsideText } from '../../observe/redact';
import { assertSafeName, type Storage, StorageTimeout, uploadPublicPath } from './types';

/** Uploaded names are random and never reused, so the bucket copy can be cached for good too. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Uploads in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, ...), shared by every instance.
 * Keys are the upload names themselves, checked like the local folder's.
 */
export function s3Storage(config: S3Config, logger?: Logger, client = s3Client(config, logger)): Storage {
  const Bucket = config.bucket;
  const bounded = <T>(run: (abortSignal: AbortSignal) => Promise<T>) => withinTime(config.timeoutMs, run);
  const cleanup = lateWriteCleanup(config.timeoutMs, (name) =>
    bounded((abortSignal) => client.send(new DeleteObjectCommand({ Bucket, Key: name }), { abortSignal })),
  );
  return {
    async put(name, data, contentType) {
      const command = new PutObjectCommand({
        Bucket,
        Key: assertSafeName(name),
        Body: data,
        ContentType: contentType,
        ContentLength: data.byteLength,
        CacheControl: IMMUTABLE,
      });
      cleanup.cancel(name);
      try {
        await bounded((abortSignal) => client.send(command, { abortSignal }));
      } catch (err) {
        // No answer (a timeout, a lost connection): the store may still save what it was sent once
        // it wakes (a truncated body, on a store that does not check its length). Nothing points at
        // the name (the caller writes no row): remove whatever lands under it.
        if (!(err instanceof S3ServiceException)) cleanup.schedule(name);
        throw err;
      }
    },
    async get(name) {
      try {
        const command = new GetObjectCommand({ Bucket, Key: assertSafeName(name) });
        const res = await bounded((abortSignal) => client.send(command, { abortSignal }));
        if (!res.Body) return null;
        return { body: res.Body.transformToWebStream(), size: Number(res.ContentLength ?? 0) };
      } catch (err) {
        // Missing: 404 to the reader. Anything else (bucket down, bad credentials) is the caller's to report.
        if (err instanceof NoSuchKey) return null;
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(name) {
      const command = new DeleteObjectCommand({ Bucket, Key: assertSafeName(name) });
      await bounded((abortSignal) => client.send(command, { abortSignal }));
    },
    publicPath: uploadPublicPath,
    redirectUrl: (name) => (config.publicUrl ? `${config.publicUrl}/${assertSafeName(name)}` : null),
  };
}

export function s3Client(config: S3Config, logger?: Logger): S3Client {
  const sdkLogger = logger ? sdkLoggerFor(logger) : SILENT;
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // Without keys the SDK's default chain applies (an instance or task role on AWS).
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Many S3-compatible stores do not accept the SDK's newer default checksum headers; S3 needs none here.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A put waits for the store's "100 Continue" before it sends the bytes: a store that does not
    // answer never holds a whole file it could save once it wakes, after the upload was refused.
    expectContinueHeader: true,
    // A bucket that hangs must not hold a request (or a shutdown): each try ends at the bound (an
    // error, not the SDK's default of a warning), and withinTime bounds the whole call, retries too.
    requestHandler: {
      connectionTimeout: Math.min(2_000, config.timeoutMs),
      requestTimeout: config.timeoutMs,
      throwOnRequestTimeout: true,
      logger: sdkLogger,
    },
    maxAttempts: 3,
    // The SDK's own lines (warnings of the HTTP handler) go to our JSON log, never plain text on stderr.
    logger: sdkLogger,
  });
}

/** A call to the bucket that takes longer than `ms` is aborted, and fails with StorageTimeout. */
async function withinTime<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new StorageTimeout(ms);
      controller.abort(err);
      reject(err);
    }, ms);
  });
  try {
    // The race as well as the signal: the call ends at the bound even in a wait the signal misses.
    return await Promise.race([run(controller.signal), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Deletes of names whose put got no answer, tried until the store answers (growing waits), then once
 * more a moment later: the late put may be handled after the first delete. A new put of the same
 * name (a job's retry) cancels it. Best effort: a leftover is an unused file, never a broken one.
 */
export function lateWriteCleanup(timeoutMs: number, remove: (name: string) => Promise<unknown>) {
  const pending = new Map<string, NodeJS.Timeout>();
  const MAX_TRIES = 12;
  const later = (name: string, ms: number, run: () => void) => {
    const timer = setTimeout(run, ms);
    timer.unref();
    pending.set(name, timer);
  };
  const attempt = (name: string, tries: number, confirmed: boolean) => async () => {
    if (!pending.has(name)) return;
    const ok = await remove(name).then(
      () => true,
      () => false,
    );
    if (!pending.has(name)) return;
    if (ok && confirmed) pending.delete(name);
    else if (ok) later(name, timeoutMs, attempt(name, 0, true));
    else if (tries + 1 >= MAX_TRIES) pending.delete(name);
    else later(name, Math.min(timeoutMs * 2 ** tries, 30_000), attempt(name, tries + 1, false));
  };
  return {
    schedule(name: string) {
      later(name, timeoutMs, attempt(name, 0, false));
    },
    cancel(name: string) {
      clearTimeout(pending.get(name));
      pending.delete(name);
    },
  };
}

type SdkLogger = Record<'trace' | 'debug' | 'info' | 'warn' | 'error', (...args: unknown[]) => void>;
const SILENT: SdkLogger = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };

/**
 * The SDK's logger interface on ours. Only its text is kept: its objects hold a command's input
 * (a put's bytes) and output. Errors are logged by our callers, with the file's name, so the SDK's
 * own error and info lines are debug lines.
 */
export function sdkLoggerFor(logger: Logger): SdkLogger {
  const child = logger.child({ component: 'aws-sdk' });
  const line =
    (level: 'debug' | 'warn') =>
    (...args: unknown[]) => {
      // The SDK's text can quote the store's answer and a signed URL: outside text, like any upstream's.
      const text = args.filter((a): a is string => typeof a === 'string').join(' ');
      child[level](outsideText(text, 500) || 'S3 client');
    };
  return {
    trace: line('debug'),
    debug: line('debug'),
    info: line('debug'),
    warn: line('warn'),
    error: line('debug'),
  };
}
