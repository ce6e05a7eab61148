import { readdir, rm } from 'node:fs/promises';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { articles } from '../src/db/schema';
import { EnvError } from '../src/env';
import { s3Client } from '../src/lib/s3-storage';
import { imageForm } from './admin-routes';
import { type FakeOpenAI, startFakeOpenAI } from './ai-fake-openai';
import { type Agent, dbTargets, signUpAdmin, testApp, testEnv } from './helpers';
import { type S3TestServer, startS3Server } from './s3-server';

const png = (color = '#e8a0b0') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();

describe('STORAGE=s3 configuration is checked at start-up', () => {
  const s3 = { STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
  const message = (vars: Record<string, string>) => {
    try {
      testEnv(vars);
      return 'no error';
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      return (err as Error).message;
    }
  };

  it('names each bad or missing variable', () => {
    expect(message({ STORAGE: 'ftp' })).toContain('STORAGE: must be "local" or "s3"');
    expect(message({ STORAGE: 's3' })).toContain('S3_BUCKET: required when STORAGE=s3');
    expect(message({ ...s3, S3_ENDPOINT: 'minio:9000' })).toContain('S3_ENDPOINT: must be an http(s) URL');
    expect(message({ ...s3, S3_PUBLIC_URL: 'ftp://cdn.example' })).toContain(
      'S3_PUBLIC_URL: must be an http(s) URL',
    );
    expect(message({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toContain(
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
    expect(message({ ...s3, S3_FORCE_PATH_STYLE: 'maybe' })).toContain('S3_FORCE_PATH_STYLE');
  });

  it('a custom endpoint means path-style addressing unless told otherwise; local stays the default', () => {
    expect(testEnv().STORAGE).toBe('local');
    expect(testEnv().s3).toBeNull();
    const custom = testEnv({
      ...s3,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_PUBLIC_URL: 'https://cdn.example/u/',
    });
    expect(custom.s3).toMatchObject({
      bucket: 'b',
      region: 'us-east-1',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example/u',
    });
    expect(
      testEnv({ ...s3, S3_ENDPOINT: 'http://x.example', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle,
    ).toBe(false);
    // AWS itself: no endpoint, virtual-hosted style; no keys = the SDK's default credential chain.
    expect(testEnv({ STORAGE: 's3', S3_BUCKET: 'b' }).s3).toMatchObject({
      forcePathStyle: false,
      credentials: undefined,
    });
  });
});

describe.each(dbTargets)('uploads in an S3-compatible bucket (s3rver on loopback) on %s', (kind) => {
  let s3: S3TestServer;
  let fake: FakeOpenAI;
  let booted: Booted;
  let admin: Agent;
  const uploadDir = `/tmp/site-s3-test-${process.pid}-${kind}`;
  const client = () => s3Client(testEnv(s3.env).s3!);
  const keys = async () =>
    ((await client().send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key);

  beforeAll(async () => {
    [s3, fake] = await Promise.all([startS3Server(), startFakeOpenAI()]);
    booted = await testApp(kind, {
      env: { ...s3.env, UPLOAD_DIR: uploadDir, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL },
    });
    admin = (await signUpAdmin(booted)).agent;
  });
  afterAll(async () => {
    await booted?.close();
    await Promise.all([s3?.close(), fake?.close()]);
    await rm(uploadDir, { recursive: true, force: true });
  });

  it('POST /api/upload stores the re-encoded image in the bucket with its type and immutable caching, not on disk', async () => {
    const res = await admin.post('/api/upload', imageForm(await png(), 'photo.png', 'image/png'));
    expect(res.status).toBe(201);
    const { imageUrl } = (await res.json()) as { imageUrl: string };
    expect(imageUrl).toMatch(/^http:\/\/localhost:3000\/uploads\/[0-9a-f-]{36}\.webp$/);
    const name = new URL(imageUrl).pathname.slice('/uploads/'.length);

    const head = await client().send(new HeadObjectCommand({ Bucket: s3.bucket, Key: name }));
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(await readdir(uploadDir).catch(() => [])).toEqual([]);

    // Read back through the site: the same bytes, streamed from the bucket, with the same headers as local files.
    const served = await booted.app.request(`/uploads/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(served.headers.get('content-length')).toBe(String(bytes.length));
    const original = await client().send(new GetObjectCommand({ Bucket: s3.bucket, Key: name }));
    expect(bytes.equals(Buffer.from(await original.Body!.transformToByteArray()))).toBe(true);
    expect((await sharp(bytes).metadata()).width).toBe(40);

    const headOnly = await booted.app.request(`/uploads/${name}`, { method: 'HEAD' });
    expect(headOnly.status).toBe(200);
    expect(headOnly.headers.get('content-length')).toBe(String(bytes.length));
    expect((await headOnly.arrayBuffer()).byteLength).toBe(0);
  });

  it('another instance on the same bucket (its own database and app) serves the file', async () => {
    const res = await admin.post('/api/upload', imageForm(await png('#336699'), 'b.png', 'image/png'));
    const name = new URL(((await res.json()) as { imageUrl: string }).imageUrl).pathname;
    const other = await testApp(kind, { env: { ...s3.env, UPLOAD_DIR: `${uploadDir}-other` } });
    try {
      const served = await other.app.request(name);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
    } finally {
      await other.close();
    }
  }, 60_000); // boots a second app

  it('a file that is not an image is refused with 415 and nothing reaches the bucket', async () => {
    const before = await keys();
    const res = await admin.post(
      '/api/upload',
      imageForm(Buffer.from('<!doctype html><script>1</script>'), 'x.png', 'image/png'),
    );
    expect(res.status).toBe(415);
    expect((await res.json()) as object).toHaveProperty('message');
    expect(await keys()).toEqual(before);
  });

  it('reads keep today’s name checks: unknown, unsafe or untyped names are 404 and never reach the bucket', async () => {
    // An object whose name the site would never make (no image extension): not served.
    await client().send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: 'notes.html',
        Body: '<script>1</script>',
        ContentType: 'text/html',
      }),
    );
    for (const p of [
      '/uploads/notes.html',
      '/uploads/missing-0000.webp',
      '/uploads/..%2Fsecret.webp',
      '/uploads/.hidden.png',
    ]) {
      const res = await booted.app.request(p);
      expect(res.status, p).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe('Not found');
    }
  });

  it('the AI image review stores the photo in the bucket as the draft article’s image', async () => {
    fake.set({
      kind: 'answer',
      json: {
        identified: true,
        notIdentifiedReason: '',
        productName: 'Rose Serum',
        rating: 4,
        title: 'Rose Serum Review',
        excerpt: 'A gentle serum.',
        content: '<p>Light and silky.</p>',
      },
    });
    const form = imageForm(await png('#aa3355'), 'serum.png', 'image/png');
    form.append('category', 'skincare');
    const res = await admin.post('/api/admin/analyze-product-image', form);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { article: { id: number } };
    const [row] = await booted.deps.db.select().from(articles).where(eq(articles.id, body.article.id));
    expect(row?.imageUrl).toMatch(/^\/uploads\/ai-[\w-]+\.webp$/);
    const name = row!.imageUrl!.slice('/uploads/'.length);
    expect(await keys()).toContain(name);
    const served = await booted.app.request(row!.imageUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('with S3_PUBLIC_URL, reads are sent to the bucket’s public address, which serves the stored type and caching', async () => {
    const publicUrl = `${s3.endpoint}/${s3.bucket}`;
    const redirecting = await testApp(kind, { env: { ...s3.env, S3_PUBLIC_URL: `${publicUrl}/` } });
    try {
      const res = await admin.post('/api/upload', imageForm(await png('#118844'), 'c.png', 'image/png'));
      const path = new URL(((await res.json()) as { imageUrl: string }).imageUrl).pathname;
      const name = path.slice('/uploads/'.length);
      const read = await redirecting.app.request(path);
      expect(read.status).toBe(301);
      expect(read.headers.get('location')).toBe(`${publicUrl}/${name}`);
      expect(read.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // Unsafe names are still refused before any redirect.
      expect((await redirecting.app.request('/uploads/notes.html')).status).toBe(404);
      const direct = await fetch(`${publicUrl}/${name}`);
      expect(direct.status).toBe(200);
      expect(direct.headers.get('content-type')).toBe('image/webp');
      expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    } finally {
      await redirecting.close();
    }
  }, 60_000); // boots a second app

  it('a file store that does not answer: uploads get 503 with a message, reads 503, and the site stays up', async () => {
    const dead = await testApp(kind, { env: { ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' } });
    try {
      const deadAdmin = (await signUpAdmin(dead)).agent;
      const res = await deadAdmin.post('/api/upload', imageForm(await png(), 'd.png', 'image/png'));
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toBe(
        'The file store is not answering. The image was not saved. Please try again.',
      );
      const read = await dead.app.request('/uploads/0b7a4a5e-1111-4a4a-8a8a-123456789abc.webp');
      expect(read.status).toBe(503);
      expect((await dead.app.request('/api/health')).status).toBe(200);
    } finally {
      await dead.close();
    }
  }, 90_000); // its own database and app, and the client's retries
});
