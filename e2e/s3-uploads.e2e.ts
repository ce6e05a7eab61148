import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../api/test/s3-server';
import { forwardRequest, signInWithPassword } from '../desktop/src/main/server';
import { type RunningSite, startSite } from './harness';
import { demoAdmin } from './site-client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const png = readFileSync(path.join(root, 'desktop/test/fixtures/rose-64x48.png'));

/** The desktop app's upload, through main's own request code, to a real server that keeps uploads in a bucket. */
describe('STORAGE=s3 on the real server: the desktop app’s upload', () => {
  let s3: S3TestServer;
  let site: RunningSite;
  beforeAll(async () => {
    s3 = await startS3Server();
    site = await startSite(s3.env);
  });
  afterAll(async () => {
    await site?.stop();
    await s3?.close();
  });

  it('lands in the bucket and is served from it with its type and immutable caching', async () => {
    const admin = demoAdmin(site.output());
    const token = await signInWithPassword(site.url, admin.email, admin.password);
    if (!token.ok) throw new Error(token.message);
    if (!('token' in token.value)) throw new Error('the demo admin has no code step');
    const sent = await forwardRequest(site.url, token.value.token, {
      path: '/api/upload',
      method: 'POST',
      headers: [],
      body: {
        kind: 'form',
        fields: [{ name: 'image', data: new Uint8Array(png), type: 'image/png', filename: 'rose.png' }],
      },
    });
    if (!sent.ok) throw new Error(sent.message);
    expect(sent.value.status).toBe(201);
    const { imageUrl } = JSON.parse(Buffer.from(sent.value.body).toString()) as { imageUrl: string };
    expect(imageUrl).toMatch(new RegExp(`^${site.url}/uploads/[0-9a-f-]{36}-\\d+x\\d+\\.webp$`));
    const name = new URL(imageUrl).pathname.slice('/uploads/'.length);

    // The object itself, read straight from the S3 server (s3rver allows anonymous reads).
    const stored = await fetch(`${s3.endpoint}/${s3.bucket}/${name}`);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/webp');
    const served = await fetch(imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(await stored.arrayBuffer()))).toBe(
      true,
    );
    // Nothing was written to the local uploads folder.
    expect(() => readFileSync(path.join(site.dataDir, 'uploads', name))).toThrow();
  });
});
