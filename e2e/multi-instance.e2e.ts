import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles as seedArticles } from '../api/src/db/seed/data/articles';
import { products as seedProducts } from '../api/src/db/seed/data/products';
import { CONTACT_RATE_LIMIT } from '../api/src/routes/contact';
import { createPostgresDatabase, queryRows } from '../api/test/helpers';
import { type FeedServer, startFeedServer } from '../api/test/rss-feed-server';
import { type S3TestServer, startS3Server } from '../api/test/s3-server';
import { forwardRequest, signInWithPassword } from '../desktop/src/main/server';
import { type RunningSite, startSite } from './harness';
import { demoAdmin, signInCookie } from './site-client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const png = readFileSync(path.join(root, 'desktop/test/fixtures/rose-64x48.png'));
/** The public address every instance is configured with, as behind one load balancer. */
const SITE_URL = 'http://localhost:8080';

/**
 * Three real server processes on one fresh PostgreSQL database and one S3-protocol server, the
 * way a deployment runs behind a load balancer (docs/deploy.md). PostgreSQL only: PGlite is one process.
 */
describe.runIf(process.env.TEST_DATABASE_URL)(
  'three instances on one PostgreSQL database and one bucket',
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let s3: S3TestServer;
    let feeds: FeedServer;
    let sources: string;
    let sites: RunningSite[] = [];
    let admin: { email: string; password: string };
    const query = (sql: string) => queryRows(database.url, sql);
    const site = (i: number) => sites[i] as RunningSite;

    beforeAll(async () => {
      [database, s3, feeds] = await Promise.all([
        createPostgresDatabase('multi'),
        startS3Server(),
        startFeedServer(),
      ]);
      sources = path.join(tmpdir(), `multi-rss-sources-${process.pid}.json`);
      writeFileSync(
        sources,
        JSON.stringify([{ name: 'Slow News', url: `${feeds.base}/slow-rss.xml`, category: 'community' }]),
      );
      const env = {
        ...s3.env,
        DATABASE_URL: database.url,
        SITE_URL,
        PUBLIC_CACHE_MS: '30000',
        TRUST_PROXY: 'true',
        RSS_SOURCES: sources,
        RSS_ALLOW_PRIVATE: 'true',
      };
      // All three at once on the empty database: one migrates and seeds, the others wait for it.
      sites = await Promise.all([startSite(env), startSite(env), startSite(env)]);
      admin = demoAdmin(sites.map((s) => s.output()).join('\n'));
    });
    afterAll(async () => {
      await Promise.all(sites.map((s) => s.stop()));
      await Promise.all([s3?.close(), feeds?.close()]);
      await database?.drop();
      if (sources) rmSync(sources, { force: true });
    });

    it('started together on an empty database, they migrated and seeded it once', async () => {
      expect(await query('select count(*)::int as n from articles')).toEqual([{ n: seedArticles.length }]);
      expect(await query('select count(*)::int as n from products')).toEqual([{ n: seedProducts.length }]);
      expect(await query(`select count(*)::int as n from "user" where email = '${admin.email}'`)).toEqual([
        { n: 1 },
      ]);
      for (const s of sites) expect((await fetch(`${s.url}/api/ready`)).status).toBe(200);
    });

    it('an upload through A is served by B and C, byte for byte', async () => {
      const cookie = await signInCookie(site(0).url, admin.email, admin.password, SITE_URL);
      const form = new FormData();
      form.append('image', new Blob([png], { type: 'image/png' }), 'rose.png');
      const res = await fetch(`${site(0).url}/api/upload`, {
        method: 'POST',
        headers: { cookie, origin: SITE_URL },
        body: form,
      });
      expect(res.status).toBe(201);
      const { imageUrl } = (await res.json()) as { imageUrl: string };
      expect(imageUrl).toMatch(new RegExp(`^${SITE_URL}/uploads/[0-9a-f-]{36}-\\d+x\\d+\\.webp$`));
      const { pathname } = new URL(imageUrl);
      const [a, b, c] = await Promise.all(sites.map((s) => fetch(`${s.url}${pathname}`)));
      for (const r of [a, b, c]) {
        expect(r?.status).toBe(200);
        expect(r?.headers.get('content-type')).toBe('image/webp');
        expect(r?.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      }
      const bytes = await Promise.all(
        [a, b, c].map(async (r) => Buffer.from(await (r as Response).arrayBuffer())),
      );
      expect(bytes[1]?.equals(bytes[0] as Buffer)).toBe(true);
      expect(bytes[2]?.equals(bytes[0] as Buffer)).toBe(true);
    });

    it('the desktop app’s upload (bearer token, through main’s request code) on B is served by C', async () => {
      const token = await signInWithPassword(site(1).url, admin.email, admin.password);
      if (!token.ok) throw new Error(token.message);
      if (!('token' in token.value)) throw new Error('the demo admin has no code step');
      const sent = await forwardRequest(site(1).url, token.value.token, {
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
      const served = await fetch(`${site(2).url}${new URL(imageUrl).pathname}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
    });

    it('a session from A works on C, and signing out on C ends it on A', async () => {
      const cookie = await signInCookie(site(0).url, admin.email, admin.password, SITE_URL);
      const onC = await fetch(`${site(2).url}/api/auth/user`, { headers: { cookie } });
      expect(onC.status).toBe(200);
      expect(await onC.json()).toMatchObject({ email: admin.email });
      // Sign-out posts (issue 27 §1), with the site's Origin like every write.
      const out = await fetch(`${site(2).url}/api/logout`, {
        method: 'POST',
        headers: { cookie, origin: SITE_URL },
        redirect: 'manual',
      });
      expect(out.status).toBeLessThan(400);
      expect((await fetch(`${site(0).url}/api/auth/user`, { headers: { cookie } })).status).toBe(401);
    });

    it('contact rate limits count across instances: the limit holds however the requests are spread', async () => {
      const send = (s: RunningSite) =>
        fetch(`${s.url}/api/contact`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: SITE_URL,
            'x-forwarded-for': '203.0.113.77',
          },
          body: JSON.stringify({
            firstName: 'Rae',
            lastName: 'Reader',
            email: 'rae@example.com',
            subject: 'Hello',
            message: 'Round robin',
          }),
        });
      const statuses: number[] = [];
      for (let i = 0; i <= CONTACT_RATE_LIMIT.max; i++) statuses.push((await send(site(i % 3))).status);
      expect(statuses).toEqual([...Array(CONTACT_RATE_LIMIT.max).fill(201), 429]);
      // Every instance now refuses this client.
      for (const s of sites) expect((await send(s)).status).toBe(429);
    });

    it('one RSS run happens when all three are asked at the same moment', async () => {
      const cookie = await signInCookie(site(0).url, admin.email, admin.password, SITE_URL);
      const before = (await query('select count(*)::int as n from rss_runs'))[0]?.n as number;
      const answers = await Promise.all(
        sites.map((s) =>
          fetch(`${s.url}/api/admin/rss/process`, { method: 'POST', headers: { cookie, origin: SITE_URL } }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([202, 409, 409]);
      await expect
        .poll(
          async () => (await query(`select count(*)::int as n from rss_runs where status = 'running'`))[0]?.n,
          {
            timeout: 20_000,
          },
        )
        .toBe(0);
      expect((await query('select count(*)::int as n from rss_runs'))[0]?.n).toBe(before + 1);
      expect(feeds.hits.get('/slow-rss.xml')).toBe(1);
    });

    it('a write on A is visible on B and C within 1 s, with PUBLIC_CACHE_MS=30000', async () => {
      const list = async (s: RunningSite) =>
        ((await (await fetch(`${s.url}/api/content?limit=20`)).json()) as Array<{ title: string }>).map(
          (a) => a.title,
        );
      // B and C have the list cached (for 30 s without invalidation).
      await Promise.all([list(site(1)), list(site(2))]);
      const cookie = await signInCookie(site(0).url, admin.email, admin.password, SITE_URL);
      const title = `Written on A ${Date.now()}`;
      const res = await fetch(`${site(0).url}/api/content`, {
        method: 'POST',
        headers: { cookie, origin: SITE_URL, 'content-type': 'application/json' },
        body: JSON.stringify({ title, excerpt: 'From A.', content: '<p>From A.</p>', category: 'wellness' }),
      });
      expect(res.status).toBe(201);
      const writtenAt = Date.now();
      for (const s of [site(1), site(2)]) {
        await expect.poll(() => list(s), { timeout: 1000, interval: 50 }).toContain(title);
      }
      expect(Date.now() - writtenAt).toBeLessThan(1000);
    });
  },
);
