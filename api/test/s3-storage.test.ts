import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
import { parseOriginalName, rungName, rungNames } from '@site/shared';
import { articles, pictures } from '../src/db/schema';
import { makePictureSizes } from '../src/pictures/sizes';
import { EnvError } from '../src/env';
import { s3Client, s3Storage, sdkLoggerFor } from '../src/lib/storage/s3-storage';
import { localStorage, type Storage, storageFromEnv } from '../src/lib/storage/storage';
import { imageForm } from './admin-routes';
import { type FakeOpenAI, startFakeOpenAI } from './ai-fake-openai';
import { type Agent, capturedLogger, dbTargets, signUpAdmin, testApp, testEnv } from './helpers';
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

describe("the S3 client's own log lines", () => {
  it('are JSON lines with secrets redacted and line breaks escaped: the SDK quotes URLs and the store', () => {
    const log = capturedLogger();
    const sdk = sdkLoggerFor(log.logger);
    sdk.warn(
      'socket timeout for https://s3.local/b/a.png?X-Amz-Signature=0123456789abcdef0123456789abcdef\n{"level":60,"msg":"forged"}',
      { input: { Body: 'the bytes' } },
    );
    expect(log.raw).toHaveLength(1);
    const [line] = log.lines;
    expect(line).toMatchObject({ component: 'aws-sdk', level: 40 });
    expect(String(line?.msg)).toContain('socket timeout');
    expect(String(line?.msg)).not.toContain('0123456789abcdef0123456789abcdef');
    expect(String(line?.msg)).toContain('\\n');
    expect(log.raw[0]).not.toContain('the bytes');
  });

  it('keep its text (its strings, joined), and only its warnings at warning level: its errors and chatter are debug lines, ours say what failed', () => {
    const log = capturedLogger();
    log.logger.level = 'debug';
    const sdk = sdkLoggerFor(log.logger);
    sdk.warn('retrying', { attempt: 2 }, 'in 100 ms');
    sdk.warn({ only: 'an object' });
    for (const level of ['trace', 'debug', 'info', 'error'] as const) sdk[level](`${level} line`);
    expect(log.lines.map((l) => [l.level, l.msg, l.component])).toEqual([
      [40, 'retrying in 100 ms', 'aws-sdk'],
      [40, 'S3 client', 'aws-sdk'],
      [20, 'trace line', 'aws-sdk'],
      [20, 'debug line', 'aws-sdk'],
      [20, 'info line', 'aws-sdk'],
      [20, 'error line', 'aws-sdk'],
    ]);
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
    expect(imageUrl).toMatch(/^http:\/\/localhost:3000\/uploads\/[0-9a-f-]{36}-\d+x\d+\.webp$/);
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

  it('a GIF is stored as image/gif: a bucket object without its type would reach browsers as octet-stream (nosniff)', async () => {
    const gif = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#aa3366' } })
      .gif()
      .toBuffer();
    const res = await admin.post('/api/upload', imageForm(gif, 'anim.gif', 'image/gif'));
    expect(res.status).toBe(201);
    const name = new URL(((await res.json()) as { imageUrl: string }).imageUrl).pathname.slice(
      '/uploads/'.length,
    );
    expect(name).toMatch(/\.gif$/);
    const head = await client().send(new HeadObjectCommand({ Bucket: s3.bucket, Key: name }));
    expect(head.ContentType).toBe('image/gif');
    expect((await booted.app.request(`/uploads/${name}`)).headers.get('content-type')).toBe('image/gif');
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

  it('with the bucket settings present but STORAGE=local, uploads go to the folder, not the bucket', async () => {
    const folder = `${uploadDir}-local`;
    const local = await testApp(kind, { env: { ...s3.env, STORAGE: 'local', UPLOAD_DIR: folder } });
    try {
      const before = await keys();
      const res = await (await signUpAdmin(local)).agent.post(
        '/api/upload',
        imageForm(await png('#225577'), 'l.png', 'image/png'),
      );
      expect(res.status).toBe(201);
      const name = new URL(((await res.json()) as { imageUrl: string }).imageUrl).pathname.slice(9);
      expect(await readdir(folder)).toEqual([name]);
      expect(await keys()).toEqual(before);
      expect((await local.app.request(`/uploads/${name}`)).status).toBe(200);
    } finally {
      await local.close();
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000); // boots a second app

  it('the configuration picks the store: STORAGE=s3 puts into the bucket, STORAGE=local into UPLOAD_DIR', async () => {
    const name = `picked-${kind}-${Date.now()}.webp`;
    const folder = `${uploadDir}-picked`;
    try {
      await (await storageFromEnv(testEnv(s3.env))).put(name, new Uint8Array([1, 2, 3]), 'image/webp');
      expect(await keys()).toContain(name);
      const local = await storageFromEnv(testEnv({ ...s3.env, STORAGE: 'local', UPLOAD_DIR: folder }));
      await local.put(`local-${name}`, new Uint8Array([4, 5, 6]), 'image/webp');
      expect(await readdir(folder)).toEqual([`local-${name}`]);
      expect(await keys()).not.toContain(`local-${name}`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

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

  it('sizes are made in the bucket; with S3_PUBLIC_URL a size goes to the bucket only once the job made it (issue 39)', async () => {
    const publicUrl = `${s3.endpoint}/${s3.bucket}`;
    const redirecting = await testApp(kind, { env: { ...s3.env, S3_PUBLIC_URL: `${publicUrl}/` } });
    try {
      const photo = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer();
      const res = await admin.post('/api/upload', imageForm(photo, 'p.jpg', 'image/jpeg'));
      const name = new URL(((await res.json()) as { imageUrl: string }).imageUrl).pathname.slice(
        '/uploads/'.length,
      );
      const original = parseOriginalName(name)!;
      const rung = rungName(original, 480, 'avif');
      // Before the job: the original, for a short while, whichever way the site serves files.
      const early = await redirecting.app.request(`/uploads/${rung}`);
      expect(early.status).toBe(302);
      expect(early.headers.get('location')).toBe(`/uploads/${name}`);
      expect(await makePictureSizes(booted.deps, name)).toBe('ready');
      expect((await keys()).filter((k) => k?.startsWith(original.id)).sort()).toEqual(
        [name, ...rungNames(original).map((r) => r.name)].sort(),
      );
      const head = await client().send(new HeadObjectCommand({ Bucket: s3.bucket, Key: rung }));
      expect(head.ContentType).toBe('image/avif');
      expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
      // Each test app has its own database: the redirecting app is told as an instance sharing the
      // job's database would be, by the picture's row.
      await redirecting.deps.db
        .insert(pictures)
        .values({ name, width: original.width, height: original.height, status: 'ready' });
      const late = await redirecting.app.request(`/uploads/${rung}`);
      expect(late.status).toBe(301);
      expect(late.headers.get('location')).toBe(`${publicUrl}/${rung}`);
      const streamed = await booted.app.request(`/uploads/${rung}`);
      expect(streamed.status).toBe(200);
      expect(streamed.headers.get('content-type')).toBe('image/avif');
    } finally {
      await redirecting.close();
    }
  }, 60_000); // boots a second app

  it('a file store that does not answer: uploads get 503 with a message, reads 503, and the site stays up', async () => {
    const log = capturedLogger();
    const dead = await testApp(kind, {
      env: { ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' },
      logger: log.logger,
    });
    try {
      const deadAdmin = (await signUpAdmin(dead)).agent;
      const res = await deadAdmin.post('/api/upload', imageForm(await png(), 'd.png', 'image/png'));
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toBe(
        'The file store is not answering. The image was not saved. Please try again.',
      );
      // The operator's log says which file was lost and why.
      const failed = log.lines.find((l) => l.msg === '[uploads] could not store');
      expect(failed).toMatchObject({
        level: 50,
        name: expect.stringMatching(/^[0-9a-f-]{36}-\d+x\d+\.webp$/),
      });
      expect(failed?.err).toMatch(/ECONNREFUSED|connect/);
      const read = await dead.app.request('/uploads/0b7a4a5e-1111-4a4a-8a8a-123456789abc.webp');
      expect(read.status).toBe(503);
      expect((await dead.app.request('/api/health')).status).toBe(200);
    } finally {
      await dead.close();
    }
  }, 90_000); // its own database and app, and the client's retries
});

describe('the local folder and the bucket keep one contract (lib/storage/storage.ts)', () => {
  let s3: S3TestServer;
  const root = `/tmp/site-storage-contract-${process.pid}`;
  const dir = `${root}/uploads`;
  const bytes = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]);
  const backends: Record<string, () => Storage> = {
    local: () => localStorage(dir),
    s3: () => s3Storage(testEnv(s3.env).s3!),
  };
  const read = async (body: Uint8Array | ReadableStream<Uint8Array>) =>
    Buffer.from(
      body instanceof ReadableStream ? new Uint8Array(await new Response(body).arrayBuffer()) : body,
    );

  beforeAll(async () => {
    s3 = await startS3Server('contract');
    // A file beside the folder (and a bucket key) that a name with a path in it would reach.
    await mkdir(dir, { recursive: true });
    await writeFile(`${root}/secret.webp`, 'secret');
  });
  afterAll(async () => {
    await s3?.close();
    await rm(root, { recursive: true, force: true });
  });

  it.each(['local', 's3'])(
    '%s: a stored file reads back; once deleted, or never stored, it is null',
    async (which) => {
      const store = backends[which]!();
      const name = `${which}-contract.webp`;
      expect(await store.get(name)).toBeNull();
      await store.put(name, bytes, 'image/webp');
      const file = await store.get(name);
      expect(file?.size).toBe(bytes.length);
      expect(await read(file!.body)).toEqual(Buffer.from(bytes));
      await store.delete(name);
      expect(await store.get(name)).toBeNull();
      await store.delete(name); // deleting what is gone is not an error
    },
  );

  it.each(['local', 's3'])('%s: names with a path, a leading dot or nothing are refused', async (which) => {
    const store = backends[which]!();
    for (const name of ['../secret.webp', '.hidden.webp', 'a/b.webp', '']) {
      await expect(store.put(name, bytes, 'image/webp'), name).rejects.toThrow('Invalid file name');
      // A read never reaches the file beside the folder: no file (local) or an error (bucket).
      expect(await store.get(name).catch(() => null), name).toBeNull();
      await expect(store.delete(name), name).rejects.toThrow('Invalid file name');
    }
    expect(await readdir(root)).toEqual(['secret.webp', 'uploads']);
  });
});

/**
 * An S3-compatible store that answers what s3rver never does: a bare 404 (no NoSuchKey code, as a
 * proxy or some stores send), 403 for refused credentials, and a 400 for the SDK's newer checksum
 * headers (which several S3-compatible stores do not accept).
 */
function startOddStore() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: { method: string; key: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    const key = decodeURIComponent(
      new URL(req.url ?? '/', 'http://x').pathname.split('/').slice(2).join('/'),
    );
    requests.push({ method: req.method ?? '', key, headers: req.headers });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const xmlError = (status: number, code: string) =>
        res
          .writeHead(status, { 'content-type': 'application/xml' })
          .end(`<?xml version="1.0"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
      if (Object.keys(req.headers).some((h) => /^x-amz-(sdk-)?checksum/.test(h)))
        return xmlError(400, 'InvalidArgument');
      if (req.method === 'PUT' && key.startsWith('denied-')) return xmlError(403, 'AccessDenied');
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
        return res.writeHead(200, { etag: '"1"' }).end();
      }
      if (key.startsWith('denied-')) return xmlError(403, 'AccessDenied');
      const object = objects.get(key);
      if (!object) return res.writeHead(404).end();
      res
        .writeHead(200, { 'content-type': object.type, 'content-length': object.body.length })
        .end(object.body);
    });
  });
  return new Promise<{ endpoint: string; requests: typeof requests; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

describe('a bucket on a store with its own ways', () => {
  let store: Awaited<ReturnType<typeof startOddStore>>;
  let booted: Booted;
  let admin: Agent;
  beforeAll(async () => {
    store = await startOddStore();
    booted = await testApp('pglite', {
      env: {
        STORAGE: 's3',
        S3_ENDPOINT: store.endpoint,
        S3_BUCKET: 'odd',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        UPLOAD_DIR: `/tmp/site-odd-store-${process.pid}`,
      },
    });
    admin = (await signUpAdmin(booted)).agent;
  });
  afterAll(async () => {
    await booted?.close();
    await store?.close();
  });

  it('uploads and reads send no checksum headers the store may refuse', async () => {
    const res = await admin.post('/api/upload', imageForm(await png(), 'o.png', 'image/png'));
    expect(res.status).toBe(201);
    const path = new URL(((await res.json()) as { imageUrl: string }).imageUrl).pathname;
    const served = await booted.app.request(path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(store.requests.map((r) => r.method)).toEqual(['PUT', 'GET']);
    // A put waits for the store's go-ahead before its bytes leave (a store that hangs holds none).
    expect(store.requests[0]?.headers.expect).toBe('100-continue');
  });

  it('a put the store refuses (403) is an answer: nothing is deleted after it, as for a put with none', async () => {
    const config = testEnv({
      STORAGE: 's3',
      S3_ENDPOINT: store.endpoint,
      S3_BUCKET: 'odd',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      STORAGE_TIMEOUT_MS: '500',
    }).s3!;
    await expect(s3Storage(config).put('denied-put.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(
      'AccessDenied',
    );
    await new Promise((r) => setTimeout(r, 1_500));
    expect(store.requests.filter((r) => r.key === 'denied-put.webp').map((r) => r.method)).toEqual(['PUT']);
  });

  it('a bare 404 from the store is a missing file (404); a refusal (403) is the store failing (503)', async () => {
    const missing = await booted.app.request('/uploads/gone-1.webp');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe('Not found');
    const denied = await booted.app.request('/uploads/denied-1.webp');
    expect(denied.status).toBe(503);
    expect(((await denied.json()) as { message: string }).message).toBe(
      'The file store is not answering. Please try again.',
    );
  });
});

describe('a store that takes requests and never answers', () => {
  const seen: { method: string; key: string }[] = [];
  const server = http.createServer((req) => {
    seen.push({
      method: req.method ?? '',
      key: new URL(req.url ?? '/', 'http://x').pathname.split('/').pop() ?? '',
    });
  });
  let endpoint = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('each call is given up at the bound and its request ends there: the client tries no more behind the caller', async () => {
    const config = testEnv({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'mute',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      STORAGE_TIMEOUT_MS: '500',
    }).s3!;
    const store = s3Storage(config);
    const started = Date.now();
    const outcomes = await Promise.allSettled([
      store.put('put-1.webp', new Uint8Array([1]), 'image/webp'),
      store.get('get-1.webp'),
      store.delete('delete-1.webp'),
    ]);
    expect(Date.now() - started).toBeLessThan(3_000);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect(String((outcome as PromiseRejectedResult).reason)).toMatch(/did not answer within 500 ms/);
    }
    // The SDK would retry a timed-out try twice more (maxAttempts 3) unless the call's signal stops it.
    await new Promise((r) => setTimeout(r, 2_000));
    const count = (method: string, key: string) =>
      seen.filter((s) => s.method === method && s.key === key).length;
    // The put that got no answer is removed once the store answers (tried one bound after it).
    expect(count('DELETE', 'put-1.webp')).toBeGreaterThanOrEqual(1);
    expect([
      count('PUT', 'put-1.webp'),
      count('GET', 'get-1.webp'),
      count('DELETE', 'delete-1.webp'),
    ]).toEqual([1, 1, 1]);
  });
});
