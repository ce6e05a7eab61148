import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { pictures } from '../src/db/schema';
import { s3Client } from '../src/lib/storage/s3-storage';
import { makePictureSizes } from '../src/pictures/sizes';
import { imageForm } from './admin-routes';
import { type Agent, capturedLogger, signUpAdmin, testApp, testEnv } from './helpers';
import { type PausableS3Server, startPausableS3Server } from './s3-server';

const TIMEOUT_MS = 1_500;
/** The time bound checked: the setting plus a wide margin for a loaded machine (the bug: 90-200 s). */
const BOUND_MS = TIMEOUT_MS + 4_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const png = (color: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .png()
    .toBuffer();

/**
 * A bucket that stops answering (issue 40): its server is frozen (SIGSTOP) while the site runs.
 * Calls to it are given up after STORAGE_TIMEOUT_MS with a 503 and Retry-After, nothing is stored
 * once it answers again, and the S3 client writes nothing but our JSON lines.
 */
describe('a bucket that stops answering (s3rver paused with SIGSTOP)', () => {
  let s3: PausableS3Server;
  let booted: Booted;
  let admin: Agent;
  const log = capturedLogger();
  const keys = async () =>
    (
      (await s3Client(testEnv(s3.env).s3!).send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ??
      []
    ).map((o) => o.Key!);
  const stderr = vi.spyOn(process.stderr, 'write');
  const consoleLines = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error'), vi.spyOn(console, 'log')];

  beforeAll(async () => {
    s3 = await startPausableS3Server();
    booted = await testApp('pglite', {
      env: {
        ...s3.env,
        STORAGE_TIMEOUT_MS: String(TIMEOUT_MS),
        UPLOAD_DIR: `/tmp/site-s3-pause-${process.pid}`,
      },
      logger: log.logger,
    });
    admin = (await signUpAdmin(booted)).agent;
  }, 60_000);
  afterAll(async () => {
    s3?.resume();
    await booted?.close();
    await s3?.close();
    vi.restoreAllMocks();
  });

  it('upload and read answer 503 with Retry-After within the bound; nothing is stored after the bucket resumes', async () => {
    // Working first: one picture stored, with its row.
    const first = await admin.post('/api/upload', imageForm(await png('#aa3366'), 'a.png', 'image/png'));
    expect(first.status).toBe(201);
    const stored = new URL(((await first.json()) as { imageUrl: string }).imageUrl).pathname;
    const before = (await keys()).sort();
    expect(before).toHaveLength(1);
    stderr.mockClear();
    for (const spy of consoleLines) spy.mockClear();

    s3.pause();
    try {
      let started = performance.now();
      const res = await admin.post('/api/upload', imageForm(await png('#3366aa'), 'b.png', 'image/png'));
      const uploadMs = performance.now() - started;
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await res.json()) as { message: string }).message).toMatch(/file store is not answering/);
      expect(uploadMs).toBeLessThan(BOUND_MS);

      started = performance.now();
      const read = await booted.app.request(stored);
      expect(read.status).toBe(503);
      expect(read.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await read.json()) as { message: string }).message).toMatch(/file store is not answering/);
      expect(performance.now() - started).toBeLessThan(BOUND_MS);

      // The sizes job fails (for the queue to retry) instead of hanging.
      started = performance.now();
      await expect(makePictureSizes(booted.deps, stored.slice('/uploads/'.length))).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(BOUND_MS);
    } finally {
      s3.resume();
    }
    // Once it answers again: what it was sent meanwhile is not kept (a store that saves a truncated
    // body, as s3rver does, gets it deleted), and no row names a lost file.
    await expect.poll(async () => (await keys()).sort(), { timeout: 20_000, interval: 250 }).toEqual(before);
    await sleep(TIMEOUT_MS * 2);
    expect((await keys()).sort()).toEqual(before);
    const [rows] = await booted.deps.db.select({ n: count() }).from(pictures);
    expect(rows?.n).toBe(1);
    const [job] = await booted.deps.db
      .select()
      .from(pictures)
      .where(eq(pictures.name, stored.slice('/uploads/'.length)));
    expect(job?.attempts).toBe(1);

    // The log: JSON lines only (none from the S3 client on stderr), with what failed.
    expect(stderr).not.toHaveBeenCalled();
    for (const spy of consoleLines) expect(spy).not.toHaveBeenCalled();
    expect(log.lines.find((l) => l.msg === '[uploads] could not store')?.err).toMatch(/did not answer/);
    expect(log.lines.find((l) => l.msg === '[uploads] could not read')?.err).toMatch(/did not answer/);

    // And the store works again.
    const again = await admin.post('/api/upload', imageForm(await png('#33aa66'), 'c.png', 'image/png'));
    expect(again.status).toBe(201);
  }, 60_000);
});
