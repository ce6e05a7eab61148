import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../env';
import { assertSafeName, type Storage, uploadPublicPath } from './types';

/** Uploaded names are random and never reused, so the bucket copy can be cached for good too. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Uploads in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, ...), shared by every instance.
 * Keys are the upload names themselves, checked like the local folder's.
 */
export function s3Storage(config: S3Config, client = s3Client(config)): Storage {
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async put(name, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: assertSafeName(name),
          Body: data,
          ContentType: contentType,
          ContentLength: data.byteLength,
          CacheControl: IMMUTABLE,
        }),
      );
    },
    async get(name) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: assertSafeName(name) }));
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
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertSafeName(name) }));
    },
    publicPath: uploadPublicPath,
    redirectUrl: (name) => (config.publicUrl ? `${config.publicUrl}/${assertSafeName(name)}` : null),
  };
}

export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // Without keys the SDK's default chain applies (an instance or task role on AWS).
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Many S3-compatible stores do not accept the SDK's newer default checksum headers; S3 needs none here.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that hangs must not hold a request (or a shutdown) for minutes.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
}
