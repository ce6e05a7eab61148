import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Booted, boot } from '../src/bootstrap';
import { openDatabase } from '../src/db/client';
import * as s from '../src/db/schema';
import { storeMissingPages } from '../src/web/stored-pages';
import { createPostgresDatabase, dbTargets, testEnv } from './helpers';

/**
 * The form a stored page goes out in (issue 43): the reader's Accept-Encoding picks it, as for every
 * other answer (lib/cache/accept-encoding.ts). Browsers, which accept br, get the stored brotli bytes
 * as they are; a gzip-only client gets gzip, anyone else the plain page; all of them the same HTML.
 * The micro-cache is off (the test default), so every request reads the store. Needs `pnpm build`.
 */
describe.each(dbTargets)('the form a stored page goes out in, on %s', (kind) => {
  let app: Booted;
  let close: () => Promise<void>;
  const path = '/content/forms';

  beforeAll(async () => {
    const env = testEnv({ STORED_PAGES: 'true' });
    if (kind === 'pglite') {
      const handle = await openDatabase({ dataDir: 'memory://' });
      app = await boot(env, { database: handle });
      close = async () => {};
    } else {
      const created = await createPostgresDatabase('t_forms', { migrated: true });
      const handle = await openDatabase({ url: created.url, dataDir: 'unused' });
      app = await boot(env, { database: handle });
      close = () => created.drop();
    }
    await app.deps.db.insert(s.articles).values({
      slug: 'forms',
      title: 'Forms of a page',
      excerpt: 'e',
      content: 'A paragraph about brotli and gzip. '.repeat(200),
      category: 'wellness',
      status: 'published',
      publishedAt: new Date(Date.now() - 3_600_000),
    });
    expect(await storeMissingPages(app.deps)).toBe(1);
  }, 120_000);
  afterAll(async () => {
    // Closing the app closes its database handle too.
    await app?.close();
    await close?.();
  });

  const storedRow = async () =>
    (await app.deps.db.select().from(s.storedPages).where(eq(s.storedPages.path, path)))[0]!;
  const get = (acceptEncoding: string) =>
    app.app.request(path, { headers: { 'accept-encoding': acceptEncoding } });
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('is kept as brotli only, smaller than the gzip it replaced', async () => {
    const row = await storedRow();
    expect(row.gzip).toBeNull();
    const html = brotliDecompressSync(row.br!);
    expect(html.toString('utf8')).toContain('Forms of a page');
    expect(row.br!.byteLength).toBeLessThan(gzipSync(html, { level: 9 }).byteLength);
  });

  it('a browser (br accepted) gets the stored brotli bytes as they are', async () => {
    const row = await storedRow();
    for (const accept of ['gzip, deflate, br', 'gzip, deflate, br, zstd', 'br']) {
      const res = await get(accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe('br');
      expect((await bytes(res)).equals(Buffer.from(row.br!)), accept).toBe(true);
      expect(res.headers.get('vary')).toMatch(/Cookie/);
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    }
  });

  it('a gzip-only client gets gzip, and a client refusing br too; every form is the same HTML', async () => {
    const html = brotliDecompressSync((await storedRow()).br!).toString('utf8');
    for (const accept of ['gzip, deflate', 'gzip', 'br;q=0, gzip']) {
      const res = await get(accept);
      expect(res.headers.get('content-encoding'), accept).toBe('gzip');
      expect(gunzipSync(await bytes(res)).toString('utf8'), accept).toBe(html);
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    }
    const plain = await get('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
    // A plain answer still varies by Accept-Encoding: a CDN must not hand it to a browser asking for br.
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(plain.headers.get('vary')).toMatch(/Cookie/);
  });
});
