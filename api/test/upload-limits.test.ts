import { mkdir, rm, writeFile } from 'node:fs/promises';
import zlib from 'node:zlib';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import { imageForm } from './admin-routes';
import { type Agent, signUpAdmin, testApp } from './helpers';

/** Upload limits at their boundaries, and GET /uploads/:name against names that leave the folder. */
const MB5 = 5 * 1024 * 1024;
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#e8a0b0' } })
    .png({ compressionLevel: 1 })
    .toBuffer();

/** A real 4×4 PNG whose header then claims width × height: a decompression bomb's first bytes. */
async function pngClaiming(width: number, height: number) {
  const bytes = Buffer.from(await png(4, 4));
  bytes.writeUInt32BE(width, 16); // IHDR data starts at byte 16: width, height, …
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(zlib.crc32(bytes.subarray(12, 29)), 29); // the chunk's CRC over 'IHDR' + its 13 bytes
  return bytes;
}

describe('upload limits and the /uploads/ folder', () => {
  let booted: Booted;
  let admin: Agent;
  const root = `/tmp/site-upload-limits-${process.pid}`;
  const uploadDir = path.join(root, 'uploads');
  const secret = Buffer.from('RIFF-not-for-you');
  beforeAll(async () => {
    booted = await testApp('pglite', { env: { UPLOAD_DIR: uploadDir } });
    admin = (await signUpAdmin(booted)).agent;
    // Files beside and above the upload folder that a traversal would reach.
    await mkdir(uploadDir, { recursive: true });
    await writeFile(path.join(root, 'secret.webp'), secret);
    await writeFile(path.join(root, 'secret\\x.webp'), secret);
  });
  afterAll(async () => {
    await booted?.close();
    await rm(root, { recursive: true, force: true });
  });

  const upload = (bytes: Uint8Array, name = 'a.png', type = 'image/png') =>
    admin.post('/api/upload', imageForm(bytes, name, type));
  const message = async (res: Response) => ((await res.json()) as { message: string }).message;
  const served = async (res: Response) => {
    expect(res.status).toBe(201);
    const { imageUrl } = (await res.json()) as { imageUrl: string };
    const file = await booted.app.request(new URL(imageUrl).pathname);
    expect(file.status).toBe(200);
    return sharp(Buffer.from(await file.arrayBuffer())).metadata();
  };

  it.each([
    ['..%2Fsecret.webp'],
    ['%2e%2e%2Fsecret.webp'],
    ['%2E%2E%2fsecret.webp'],
    ['..%5Csecret%5Cx.webp'],
    ['..%5C..%5Csecret.webp'],
    ['.secret.webp'],
    ['%2Ftmp%2Fsite-upload-limits-x%2Fsecret.webp'],
  ])('GET /uploads/%s is 404 and never serves a file from outside the folder', async (name) => {
    const res = await booted.app.request(`/uploads/${name}`);
    expect(res.status).toBe(404);
    expect(Buffer.from(await res.arrayBuffer()).includes(secret)).toBe(false);
  });

  it('only flat names are served: not a hidden file, nor one in a subfolder, though both exist', async () => {
    await writeFile(path.join(uploadDir, '.hidden.webp'), secret);
    await mkdir(path.join(uploadDir, 'sub'), { recursive: true });
    await writeFile(path.join(uploadDir, 'sub', 'x.webp'), secret);
    for (const name of ['.hidden.webp', 'sub%2Fx.webp', 'sub%5Cx.webp']) {
      const res = await booted.app.request(`/uploads/${name}`);
      expect(res.status, name).toBe(404);
    }
  });

  it('a name with ".." is refused even when such a file sits inside the folder', async () => {
    await writeFile(path.join(uploadDir, 'a..webp'), secret);
    expect((await booted.app.request('/uploads/a..webp')).status).toBe(404);
    await writeFile(path.join(uploadDir, 'a.webp'), secret);
    expect((await booted.app.request('/uploads/a.webp')).status).toBe(200);
  });

  it('exactly 5 MB is accepted; 5 MB + 1 byte is refused with 413 "File too large"', async () => {
    const small = await png(40, 30);
    const exact = new Uint8Array(MB5);
    exact.set(small); // a real PNG, padded after its end to the limit
    expect((await upload(exact)).status).toBe(201);
    const over = new Uint8Array(MB5 + 1);
    over.set(small);
    const res = await upload(over);
    expect(res.status).toBe(413);
    expect(await message(res)).toBe('File too large. Please upload an image smaller than 5MB.');
  });

  it('"image" sent as a text field is 400 with a message, not a 500', async () => {
    const form = new FormData();
    form.append('image', 'not a file');
    const res = await admin.post('/api/upload', form);
    expect(res.status).toBe(400);
    expect(await message(res)).toBe('Choose an image to upload (form field "image").');
  });

  it('an empty file is 400; a multipart body that does not parse is 400', async () => {
    const res = await upload(new Uint8Array(0));
    expect(res.status).toBe(400);
    expect(await message(res)).toBe('The image file is empty.');
    const broken = await admin.request('POST', '/api/upload', undefined, {
      'content-type': 'multipart/form-data; boundary=zzz',
    });
    expect(broken.status).toBe(400);
    expect(await message(broken)).toBe('Malformed multipart body.');
  });

  it('multipart with an upper-case content type is read like any other', async () => {
    const form = imageForm(await png(40, 30));
    const req = new Request('http://x/', { method: 'POST', body: form });
    const type = req.headers.get('content-type')!.replace('multipart/form-data', 'MULTIPART/FORM-DATA');
    const res = await admin.request('POST', '/api/upload', undefined, { 'content-type': type });
    // No body was sent here, so it cannot parse: 400, which proves the type itself was accepted (not 415).
    expect(res.status).toBe(400);
  });

  it.each([
    ['10000 px wide (the limit)', 10_000, 2, 201],
    ['10001 px wide', 10_001, 2, 400],
    ['10000 px high (the limit)', 2, 10_000, 201],
    ['10001 px high', 2, 10_001, 400],
  ])('%s → %i', async (_label, width, height, status) => {
    const res = await upload(await png(width, height));
    expect(res.status).toBe(status);
    if (status === 400) {
      expect(await message(res)).toBe(
        `Image dimensions ${width}×${height} are too large (at most 10000 px a side).`,
      );
    }
  });

  it('40 million pixels (the limit) is accepted and comes back at most 2000 px a side', async () => {
    const meta = await served(await upload(await png(10_000, 4_000)));
    expect([meta.width, meta.height]).toEqual([2000, 800]);
  });

  it('one row over 40 million pixels, each side within 10000 px, is refused with 400', async () => {
    const res = await upload(await png(8_000, 5_001));
    expect(res.status).toBe(400);
    expect(await message(res)).toBe('Image dimensions 8000×5001 are too large (at most 10000 px a side).');
  });

  it('a header claiming 20000×20000 px gets the dimensions message, not "damaged", and nothing is decoded', async () => {
    const res = await upload(await pngClaiming(20_000, 20_000));
    expect(res.status).toBe(400);
    expect(await message(res)).toBe('Image dimensions 20000×20000 are too large (at most 10000 px a side).');
  });

  it('a PNG signature followed by junk is 415 "could not be read"', async () => {
    // file-type reads the signature and the IHDR chunk's name; what follows is not a PNG.
    const junk = Buffer.concat([(await png(4, 4)).subarray(0, 16), Buffer.from('junk '.repeat(20))]);
    const res = await upload(junk);
    expect(res.status).toBe(415);
    expect(await message(res)).toBe('The image could not be read. It may be damaged.');
  });

  it('a body without any Content-Type is 415 with the multipart message', async () => {
    const res = await admin.request('POST', '/api/upload');
    expect(res.status).toBe(415);
    expect(await message(res)).toBe('Send the image as multipart/form-data.');
  });

  it('an animated GIF stays an animated GIF (.gif, image/gif); a PNG becomes WebP', async () => {
    const frames = await sharp({ create: { width: 8, height: 16, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const animated = await sharp(frames, { animated: true })
      .gif({ loop: 0, delay: [100] })
      .toBuffer();
    const gif = await upload(animated, 'a.gif', 'image/gif');
    expect(gif.status).toBe(201);
    const { imageUrl } = (await gif.json()) as { imageUrl: string };
    expect(imageUrl).toMatch(/\.gif$/);
    const file = await booted.app.request(new URL(imageUrl).pathname);
    expect(file.headers.get('content-type')).toBe('image/gif');
    const webp = (await (await upload(await png(8, 8))).json()) as { imageUrl: string };
    expect(webp.imageUrl).toMatch(/\.webp$/);
  });

  it('an image over 2000 px is resized to fit 2000 px, keeping its shape; a small one keeps its size', async () => {
    expect(await served(await upload(await png(1000, 3000)))).toMatchObject({ width: 667, height: 2000 });
    expect(await served(await upload(await png(2400, 1200)))).toMatchObject({ width: 2000, height: 1000 });
    expect(await served(await upload(await png(1999, 20)))).toMatchObject({ width: 1999, height: 20 });
  });
});
