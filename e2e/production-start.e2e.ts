import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, queryRows } from '../api/test/helpers';
import { type RunningSite, startSite } from './harness';
import { runBuilt } from './run-built';

const _root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECRET = 'e2e-production-secret-0123456789abcdef';

describe('the compiled server as an operator starts it', () => {
  it('reports every bad setting at once and stops, before loading anything heavy', async () => {
    const started = performance.now();
    const { code, output } = await runBuilt('dist/server.js', {
      NODE_ENV: 'production',
      PORT: 'eighty',
      STORAGE: 's3',
      LOG_LEVEL: 'loud',
    });
    const ms = performance.now() - started;
    expect(code).toBe(1);
    for (const name of ['PORT', 'LOG_LEVEL', 'BETTER_AUTH_SECRET', 'S3_BUCKET'])
      expect(output).toContain(`${name}:`);
    // Under a second on a quiet machine (`pnpm bench` prints it); the bound leaves room for a busy CI.
    expect(ms).toBeLessThan(2_500);
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('db:seed against a production database', () => {
    const seed = (env: Record<string, string>, ...args: string[]) =>
      runBuilt('dist/scripts/seed.js', env, args);
    const demoRows = (url: string) =>
      queryRows(
        url,
        `select (select count(*) from articles)::int as articles,
                (select count(*) from newsletter_subscribers)::int as subscribers`,
      ).catch(() => [{ articles: 0, subscribers: 0 }]);

    it('refuses without --allow-production and changes nothing; with it, seeds', async () => {
      const database = await createPostgresDatabase('prodseed');
      try {
        const env = { NODE_ENV: 'production', BETTER_AUTH_SECRET: SECRET, DATABASE_URL: database.url };
        const refused = await seed({ ...env, SEED_DEMO: 'true' });
        expect(refused.code).toBe(1);
        expect(refused.output).toContain('does not run with NODE_ENV=production. Nothing was changed.');
        expect(refused.output).toContain('--allow-production');
        expect((await demoRows(database.url))[0]).toEqual({ articles: 0, subscribers: 0 });
        // Not even the migrations ran: the database is as it was.
        const tables = await queryRows(
          database.url,
          `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
        );
        expect(tables[0]?.n).toBe(0);

        const allowed = await seed(env, '--allow-production');
        expect(allowed.code).toBe(0);
        expect((await demoRows(database.url))[0]?.articles).toBeGreaterThan(20);
      } finally {
        await database.drop();
      }
    });
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('NODE_ENV=production on an empty PostgreSQL database', () => {
    let site: RunningSite | undefined;
    let drop: (() => Promise<void>) | undefined;
    let url = '';
    afterAll(async () => {
      await site?.stop();
      await drop?.();
    });

    it('has no demo rows and no demo account, and prints how to make the first admin', async () => {
      const database = await createPostgresDatabase('prodstart');
      drop = database.drop;
      url = database.url;
      site = await startSite({
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: SECRET,
        DATABASE_URL: url,
        SEED_DEMO: '',
      });
      const counts = await queryRows(
        url,
        `select (select count(*) from articles)::int as articles, (select count(*) from products)::int as products,
                (select count(*) from contact_messages)::int as messages, (select count(*) from "user")::int as users`,
      );
      expect(counts[0]).toEqual({ articles: 0, products: 0, messages: 0, users: 0 });
      const lines = site
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg: string; applied?: number });
      expect(lines.find((l) => l.msg.startsWith('Migrations:'))?.applied).toBeGreaterThan(5);
      const setup = lines.find((l) => l.msg.includes('/setup/'));
      expect(setup?.msg).toMatch(/make-admin/);
      // The demo admin's published password signs nobody in.
      const signIn = await fetch(`${site.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.url },
        body: JSON.stringify({ email: 'admin@example.com', password: 'bloom-admin-demo' }),
      });
      expect(signIn.status).toBe(401);
      // The link works in the real server: the page renders its form.
      const link = new URL(setup!.msg.match(/https?:\/\/\S+\/setup\/[\w-]+/)![0]);
      const page = await fetch(`${site.url}${link.pathname}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toMatch(/no-store/);
      expect(await page.text()).toContain('Create the admin account');
    });
  });
});
