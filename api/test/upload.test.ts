import { readdir, rm } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { imageForm } from './admin-routes';
import { type Agent, dbTargets, signUpAdmin, testApp } from './helpers';

const base = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#e8a0b0' } });
const fixtures = async () => ({
  jpeg: await base()
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'Jane Camera' } })
    .toBuffer(),
  png: await base().png().toBuffer(),
  gif: await base().gif().toBuffer(),
  webp: await base().webp().toBuffer(),
});

describe.each(dbTargets)('POST /api/upload on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  let files: Awaited<ReturnType<typeof fixtures>>;
  const uploadDir = `/tmp/site-upload-test-${process.pid}-${kind}`;
  beforeAll(async () => {
    booted = await testApp(kind, { env: { UPLOAD_DIR: uploadDir } });
    admin = (await signUpAdmin(booted)).agent;
    files = await fixtures();
  });
  afterAll(async () => {
    await booted?.close();
    await rm(uploadDir, { recursive: true, force: true });
  });

  const upload = (bytes: Uint8Array, name: string, type: string) =>
    admin.post('/api/upload', imageForm(bytes, name, type));
  const stored = async () => (await readdir(uploadDir).catch(() => [])).length;

  it.each([
    ['jpeg', 'photo.jpg', 'image/jpeg', 'image/webp'],
    ['png', 'pic.png', 'image/png', 'image/webp'],
    ['gif', 'anim.gif', 'image/gif', 'image/gif'],
    ['webp', 'pic.webp', 'image/webp', 'image/webp'],
  ] as const)(
    'a real %s is accepted, re-encoded and served with its type, nosniff and long caching',
    async (key, name, type, servedAs) => {
      const res = await upload(files[key], name, type);
      expect(res.status).toBe(201);
      const { imageUrl } = (await res.json()) as { imageUrl: string };
      expect(imageUrl).toMatch(/^http:\/\/localhost:3000\/uploads\/[0-9a-f-]{36}(-40x30\.webp|\.gif)$/);
      expect(imageUrl).not.toContain(name.split('.')[0]);
      const served = await booted.app.request(new URL(imageUrl).pathname);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(servedAs);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toMatch(/max-age=31536000/);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.width).toBe(40);
      expect(meta.exif).toBeUndefined();
    },
  );

  it('an animated GIF keeps every frame (a GIF is re-encoded as an animation, not its first frame)', async () => {
    const frame = (r: number) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 0, b: 0 } } })
        .png()
        .toBuffer();
    const frames = await Promise.all([frame(255), frame(0), frame(128)]);
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const res = await upload(gif, 'moving.gif', 'image/gif');
    expect(res.status).toBe(201);
    const { imageUrl } = (await res.json()) as { imageUrl: string };
    expect(imageUrl).toMatch(/\.gif$/);
    const served = Buffer.from(await (await booted.app.request(new URL(imageUrl).pathname)).arrayBuffer());
    const meta = await sharp(served, { animated: true }).metadata();
    expect(meta.pages).toBe(3);
    expect(meta.pageHeight).toBe(30);
  });

  it('EXIF metadata is stripped from the stored file', async () => {
    expect((await sharp(files.jpeg).metadata()).exif).toBeDefined();
    const { imageUrl } = (await (await upload(files.jpeg, 'a.jpg', 'image/jpeg')).json()) as {
      imageUrl: string;
    };
    const bytes = Buffer.from(await (await booted.app.request(new URL(imageUrl).pathname)).arrayBuffer());
    expect(bytes.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it.each([
    [
      'a text file renamed .png',
      Buffer.from('just some text, not an image at all'),
      'notes.png',
      'image/png',
    ],
    [
      'an HTML file renamed .jpg',
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      'x.jpg',
      'image/jpeg',
    ],
    [
      'an SVG image',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
      'image/svg+xml',
    ],
  ])(
    '%s is refused with 415 "Invalid file type" and nothing is stored',
    async (_label, bytes, name, type) => {
      const before = await stored();
      const res = await upload(bytes, name, type);
      expect(res.status).toBe(415);
      expect(((await res.json()) as { message: string }).message).toBe(
        'Invalid file type. Please upload a JPEG, PNG, GIF, or WebP image.',
      );
      expect(await stored()).toBe(before);
    },
  );

  it('the type comes from the bytes: a PNG sent as text/plain named .txt is accepted', async () => {
    const res = await upload(files.png, 'sneaky.txt', 'text/plain');
    expect(res.status).toBe(201);
  });

  it('5 MB + 1 byte is refused with 413 "File too large" before the body is read', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(files.png);
    const before = await stored();
    const res = await upload(big, 'big.png', 'image/png');
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(
      'File too large. Please upload an image smaller than 5MB.',
    );
    expect(await stored()).toBe(before);
  });

  it('a declared Content-Length over the limit is refused without reading the body', async () => {
    let pulled = 0;
    const body = new ReadableStream({
      pull(ctrl) {
        pulled++;
        ctrl.enqueue(new Uint8Array(64 * 1024));
        if (pulled > 200) ctrl.close();
      },
    });
    const cookie = (admin as unknown as { cookies: Map<string, string> }).cookies;
    // Node's Request needs duplex for a stream body.
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      body,
      duplex: 'half',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(20 * 1024 * 1024),
        cookie: [...cookie].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: 'http://localhost:3000',
      },
    };
    const res = await booted.app.request('/api/upload', init);
    expect(res.status).toBe(413);
    // The same words as a file found too large after reading (multipart.ts's body limit).
    expect(((await res.json()) as { message: string }).message).toBe(
      'File too large. Please upload an image smaller than 5MB.',
    );
    expect(pulled).toBeLessThan(5);
  });

  it('an image with a valid header but damaged pixel data is refused with 415, not a 500', async () => {
    // Header and IHDR of a real 8×8 PNG, then a corrupt IDAT stream.
    const damaged = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4+v8/VsQwMBIAQnp/AR9GAmcAAAAASUVORK5CYII=',
      'base64',
    );
    const before = await stored();
    const res = await upload(damaged, 'damaged.png', 'image/png');
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toMatch(/could not be read/);
    expect(await stored()).toBe(before);
  });

  it('absurd dimensions are refused with 400', async () => {
    const wide = await sharp({ create: { width: 12_000, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const res = await upload(wide, 'wide.png', 'image/png');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/dimensions/);
  });

  it('a missing image field is 400; a body that is not multipart is 415', async () => {
    const form = new FormData();
    form.append('other', 'x');
    expect((await admin.post('/api/upload', form)).status).toBe(400);
    expect((await admin.post('/api/upload', { image: 'x' })).status).toBe(415);
  });
});
