import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAFF_ROLES, type StaffRole } from '@site/shared';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { weakSecretReason } from './auth/secret-strength';

/**
 * Repository root: the nearest folder above this module holding pnpm-workspace.yaml. Searched, not
 * counted in `..`s, because this code runs from api/src (development, tests) and from a chunk of the
 * compiled api/dist (production) alike.
 */
export const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No pnpm-workspace.yaml above ${from}`);
  }
}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Which peers may tell us the client's address in X-Forwarded-For (lib/http/client-ip.ts): none; a count
 * of proxies in front (each adds one entry on the right); or the proxies' own addresses and CIDRs.
 */
export type ProxyTrust = { hops: number } | { addresses: string[] };

const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((v, ctx): ProxyTrust => {
    const lower = v.toLowerCase();
    // false = no proxy; true = one proxy in front (the socket's peer), the usual single balancer.
    if (['false', 'no', '0'].includes(lower)) return { hops: 0 };
    if (['true', 'yes'].includes(lower)) return { hops: 1 };
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops > 10) ctx.addIssue({ code: 'custom', message: 'at most 10 proxies' });
      return { hops };
    }
    const addresses = v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    try {
      proxyaddr.compile(addresses);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be true, false, a number of proxies, or a comma-separated list of proxy addresses or CIDRs',
      });
    }
    return { addresses };
  });

/** What the settings reference (docs/settings.md, generated: `pnpm docs:settings`) says of a setting. */
export interface SettingDoc {
  group: (typeof SETTING_GROUPS)[number];
  /** The default as a reader should read it; `loadEnv({})` must give the same (settings-doc test). */
  default: string;
  meaning: string;
  /** What a production deployment should know or set. */
  production?: string;
}
export const SETTING_GROUPS = [
  'Site',
  'Database and files',
  'Accounts',
  'Logs and metrics',
  'Caches and CDN',
  'Connections and proxies',
  'Object storage',
  'RSS and jobs',
  'Newsletter and mail',
  'AI tools',
] as const;

export const settingDocs = z.registry<SettingDoc>();
const setting = <T extends z.ZodType>(schema: T, doc: SettingDoc): T => {
  settingDocs.add(schema, doc);
  return schema;
};

/** Every setting, with its rules and its documentation: the one source of docs/settings.md. */
export const settingsShape = {
  NODE_ENV: setting(z.enum(['development', 'production', 'test']).default('development'), {
    group: 'Site',
    default: 'development',
    meaning: 'development (demo content and admin, readable logs), production, or test',
    production:
      '`production`: requires `BETTER_AUTH_SECRET`, never creates demo content or the demo admin, JSON logs, cache on',
  }),
  PORT: setting(z.coerce.number().int().min(0).max(65535).default(3000), {
    group: 'Site',
    default: '3000',
    meaning: 'HTTP port',
  }),
  HOST: setting(z.string().min(1).default('0.0.0.0'), {
    group: 'Site',
    default: '0.0.0.0',
    meaning: 'interface to listen on',
  }),
  SITE_URL: setting(z.url().optional(), {
    group: 'Site',
    default: 'http://localhost:$PORT',
    meaning: "public origin: canonical links, sign-in's trusted origin, upload and setup links",
    production:
      "the address readers use (the CDN's or the balancer's), `https://`; it decides `Secure` cookies",
  }),
  BRAND_NAME: setting(z.string().min(1).default('Bloom & Balance'), {
    group: 'Site',
    default: 'Bloom & Balance',
    meaning: 'the " | {brand}" title suffix',
  }),
  SEED_DEMO: setting(bool.optional(), {
    group: 'Site',
    default: 'true outside production, false in production',
    meaning: 'seed demo content into an empty database (the demo admin only outside production)',
    production: 'leave unset: production gets demo content only when asked for, and never the demo admin',
  }),
  DATABASE_URL: setting(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    {
      group: 'Database and files',
      default: 'unset',
      meaning: '`postgres://…` to use a real PostgreSQL; unset = embedded PGlite in `DATA_DIR`',
      production: 'a managed PostgreSQL; plan 11 connections per instance (`docs/deploy.md`)',
    },
  ),
  DATA_DIR: setting(z.string().min(1).default(path.join(repoRoot, 'data')), {
    group: 'Database and files',
    default: './data',
    meaning: 'embedded database and uploads folder (git-ignored)',
  }),
  UPLOAD_DIR: setting(z.string().min(1).optional(), {
    group: 'Database and files',
    default: '$DATA_DIR/uploads',
    meaning: 'where uploaded images are stored with `STORAGE=local`',
  }),
  ARTICLE_REVISIONS_KEPT: setting(z.coerce.number().int().min(1).max(1000).default(50), {
    group: 'Database and files',
    default: '50',
    meaning:
      'revisions kept per article (each editor save stores its title and body; older ones are deleted by the save)',
  }),
  AUDIT_RETENTION_DAYS: setting(z.coerce.number().int().min(30).max(3650).default(730), {
    group: 'Database and files',
    default: '730',
    meaning:
      'days the audit log keeps an entry (who changed what in /admin); a daily job deletes older ones, nothing else does',
  }),
  BETTER_AUTH_SECRET: setting(z.string().min(32, 'must be at least 32 characters').optional(), {
    group: 'Accounts',
    default: 'a development-only value',
    meaning: 'signs sessions (32+ characters)',
    production:
      'required: 32+ random characters, the same on every instance; the development value and guessable ones (one character repeated, too few distinct characters) are refused',
  }),
  SIGN_UP_MIN_MS: setting(z.coerce.number().int().min(0).max(10_000).default(400), {
    group: 'Accounts',
    default: '400',
    meaning: 'sign-up answers no sooner than this (ms), so a taken email and a new one take the same time',
  }),
  ADMIN_EMAILS: setting(
    z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    {
      group: 'Accounts',
      default: 'empty',
      meaning: 'comma-separated emails that become admins when they sign up',
      production: 'or the one-time setup link printed at the first start, or `make-admin`',
    },
  ),
  REQUIRE_2FA_ROLES: setting(
    z
      .string()
      .default('')
      .transform((v, ctx): StaffRole[] => {
        const roles = v
          .split(',')
          .map((r) => r.trim().toLowerCase())
          .filter(Boolean);
        const unknown = roles.filter((r) => !(STAFF_ROLES as readonly string[]).includes(r));
        if (unknown.length)
          ctx.addIssue({
            code: 'custom',
            message: `unknown role ${unknown.map((r) => `"${r}"`).join(', ')}: use a comma-separated list of ${STAFF_ROLES.join(', ')}`,
          });
        return [...new Set(roles)] as StaffRole[];
      }),
    {
      group: 'Accounts',
      default: 'empty',
      meaning:
        'comma-separated staff roles (`contributor`, `author`, `editor`, `admin`) that must turn on two-step sign-in before the admin opens for them; until then every staff call answers 403 and /admin shows the enrolment screen',
      production: 'for example `admin,editor`',
    },
  ),
  LOG_REQUESTS: setting(bool.optional(), {
    group: 'Logs and metrics',
    default: 'true (false in tests)',
    meaning: 'one log line per request (method, route, status, time; never the query string)',
  }),
  LOG_LEVEL: setting(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(), {
    group: 'Logs and metrics',
    default: 'info (silent in tests)',
    meaning: '`fatal` `error` `warn` `info` `debug` `trace` `silent`',
    production: 'logs are JSON lines on stdout; development prints readable lines',
  }),
  METRICS_TOKEN: setting(z.string().min(16, 'must be at least 16 characters').optional(), {
    group: 'Logs and metrics',
    default: 'unset',
    meaning:
      'enables `GET /metrics` (Prometheus) for `Authorization: Bearer <token>` (16+ characters); unset = 404',
  }),
  PUBLIC_CACHE_MS: setting(z.coerce.number().int().min(0).max(60_000).optional(), {
    group: 'Caches and CDN',
    default: '1000 in production, else 0',
    meaning: 'per-instance cache of public reads and anonymous pages; writes clear it on every instance',
  }),
  SEARCH_CACHE_MS: setting(z.coerce.number().int().min(0).max(600_000).default(30_000), {
    group: 'Caches and CDN',
    default: '30000',
    meaning:
      'how long each instance keeps a public search answer, and the category counts beside it, while `PUBLIC_CACHE_MS` is on (never less than it); any article write clears them at once on every instance, and they end when a scheduled article goes live',
  }),
  STORED_PAGES: setting(bool.default(true), {
    group: 'Caches and CDN',
    default: 'true',
    meaning:
      'anonymous article pages are rendered when their article is written and kept in the database for every instance; a miss reads them instead of rendering (`docs/performance.md`)',
  }),
  STORED_PAGES_DAYS: setting(z.coerce.number().int().min(1).max(36_500).default(30), {
    group: 'Caches and CDN',
    default: '30',
    meaning:
      "days that bound the page store: it keeps, and renders again after a new build (most read first), the pages of articles read (the reading beacon) or published within them; a daily job deletes the others, which render on a miss as before (36500 keeps every article's page)",
  }),
  PUBLIC_CACHE_MAX_MB: setting(z.coerce.number().int().min(1).max(4096).default(64), {
    group: 'Caches and CDN',
    default: '64',
    meaning: 'memory that cache may hold per instance; the oldest entries go first past it',
  }),
  CDN_S_MAXAGE: setting(z.coerce.number().int().min(0).max(86_400).default(60), {
    group: 'Caches and CDN',
    default: '60',
    meaning: 'seconds a CDN may keep anonymous pages and public API reads (`s-maxage`)',
  }),
  CDN_STALE_WHILE_REVALIDATE: setting(z.coerce.number().int().min(0).max(86_400).default(300), {
    group: 'Caches and CDN',
    default: '300',
    meaning: 'seconds a CDN may serve them stale while it refetches',
  }),
  CDN_PURGE_URL: setting(z.url({ protocol: /^https?$/ }).optional(), {
    group: 'Caches and CDN',
    default: 'unset',
    meaning:
      'after a write that changes public pages, POSTed `{ "keys": [...] }` (the surrogate keys it declared)',
  }),
  TRUST_PROXY: setting(trustProxy, {
    group: 'Connections and proxies',
    default: 'false',
    meaning:
      "who may name the client in `X-Forwarded-For`: `false` (the socket's address), `true` (1 proxy), a number of proxies in front, or a comma-separated list of the proxies' addresses/CIDRs; the client is the rightmost entry a trusted proxy did not add",
    production:
      'the number of proxies in front (a balancer: `1`; a CDN and a balancer: `2`), or their addresses; see `docs/deploy.md`',
  }),
  WEB_CONCURRENCY: setting(z.coerce.number().int().min(1).max(64).default(1), {
    group: 'Connections and proxies',
    default: '1',
    meaning:
      'worker processes (node:cluster) sharing the port, each a full instance with its own caches and database pool',
    production:
      'one per core on a bigger host; needs `DATABASE_URL`; plan `DATABASE_POOL_MAX` + 1 connections per worker',
  }),
  DATABASE_POOL_MAX: setting(z.coerce.number().int().min(2).max(200).default(10), {
    group: 'Database and files',
    default: '10',
    meaning:
      'PostgreSQL connections each process may open for requests and jobs, a quarter of them (at least 1) kept for public searches (one more listens for cache clearing)',
  }),
  KEEP_ALIVE_TIMEOUT_MS: setting(z.coerce.number().int().min(1_000).max(3_600_000).default(65_000), {
    group: 'Connections and proxies',
    default: '65000',
    meaning: 'how long an idle keep-alive connection stays open (headers may take 1 s longer)',
    production:
      'above the idle timeout of the load balancer in front (60 s on most), so the balancer always closes first',
  }),
  SHUTDOWN_TIMEOUT_MS: setting(z.coerce.number().int().min(0).max(600_000).default(10_000), {
    group: 'Connections and proxies',
    default: '10000',
    meaning: 'on SIGTERM, how long requests in flight may take before they are cut',
  }),
  STORAGE: setting(z.enum(['local', 's3'], { error: 'must be "local" or "s3"' }).default('local'), {
    group: 'Object storage',
    default: 'local',
    meaning: 'where uploads go: `local` (`UPLOAD_DIR`) or `s3` (a bucket shared by every instance)',
    production: '`s3` with several instances',
  }),
  S3_BUCKET: setting(z.string().min(1).optional(), {
    group: 'Object storage',
    default: 'unset',
    meaning: 'the bucket; required with `STORAGE=s3` (create it first: the site does not create buckets)',
  }),
  S3_REGION: setting(z.string().min(1).default('us-east-1'), {
    group: 'Object storage',
    default: 'us-east-1',
    meaning: "the bucket's region (`auto` for Cloudflare R2)",
  }),
  S3_ENDPOINT: setting(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(), {
    group: 'Object storage',
    default: 'unset (AWS)',
    meaning: "an S3-compatible service's address (MinIO, R2, …)",
  }),
  S3_ACCESS_KEY_ID: setting(z.string().min(1).optional(), {
    group: 'Object storage',
    default: 'unset',
    meaning: 'set with `S3_SECRET_ACCESS_KEY`; both unset = the AWS default credential chain',
  }),
  S3_SECRET_ACCESS_KEY: setting(z.string().min(1).optional(), {
    group: 'Object storage',
    default: 'unset',
    meaning: "the key's secret",
  }),
  S3_FORCE_PATH_STYLE: setting(bool.optional(), {
    group: 'Object storage',
    default: 'true with S3_ENDPOINT, else false',
    meaning: '`endpoint/bucket/key` addresses (MinIO needs them)',
  }),
  S3_PUBLIC_URL: setting(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(), {
    group: 'Object storage',
    default: 'unset',
    meaning: 'reads of `/uploads/*` redirect there instead of being streamed from the bucket',
  }),
  STORAGE_TIMEOUT_MS: setting(z.coerce.number().int().min(500).max(120_000).default(5_000), {
    group: 'Object storage',
    default: '5000',
    meaning:
      'with `STORAGE=s3`, how long one call to the bucket may take before it is given up (an upload answers 503 with Retry-After; nothing is stored late)',
  }),
  RSS_CRON: setting(z.string().min(1).default('0 */6 * * *'), {
    group: 'RSS and jobs',
    default: '0 */6 * * *',
    meaning: 'RSS import schedule (cron, UTC), run on the job queue; `off` disables it',
  }),
  RSS_SOURCES: setting(z.string().min(1).optional(), {
    group: 'RSS and jobs',
    default: 'the built-in 7 feeds',
    meaning: 'JSON file of `{ name, url, category }` sources, stored once; then managed in the admin',
  }),
  RSS_ALLOW_PRIVATE: setting(bool.default(false), {
    group: 'RSS and jobs',
    default: 'false',
    meaning: 'allow feeds and affiliate link checks on private and loopback addresses (tests only)',
    production: 'leave `false`',
  }),
  LINK_CHECK_CRON: setting(z.string().min(1).default('30 4 * * *'), {
    group: 'RSS and jobs',
    default: '30 4 * * *',
    meaning:
      'daily affiliate link check (cron, London time), run on the job queue; `off` disables it (`docs/insights.md`)',
  }),
  RUN_JOBS: setting(bool.default(true), {
    group: 'RSS and jobs',
    default: 'true',
    meaning:
      "this instance runs the job queue's workers (RSS import, link check, newsletter sends); `false` for instances that only serve pages (they still queue jobs)",
    production:
      'set `false` on web instances when a separate instance sends newsletters (`docs/newsletter.md`)',
  }),
  SMTP_URL: setting(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(), {
    group: 'Newsletter and mail',
    default: 'unset',
    meaning:
      'where mail goes: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`; unset: the outbox in the database (development) or no mail (production) (`docs/newsletter.md`)',
    production: "set it to your provider's SMTP relay, or the newsletter cannot send",
  }),
  SMTP_MAX_CONNECTIONS: setting(z.coerce.number().int().min(1).max(50).default(5), {
    group: 'Newsletter and mail',
    default: '5',
    meaning: 'SMTP connections kept open while a newsletter is sent (the admin sets messages per second)',
  }),
  MAIL_FROM: setting(z.string().min(3).optional(), {
    group: 'Newsletter and mail',
    default: '"BRAND_NAME" <newsletter@SITE_URL\'s host>',
    meaning: 'the From of every mail, e.g. `"Bloom & Balance" <news@example.com>`',
    production: 'an address of a domain whose SPF and DKIM name your SMTP provider',
  }),
  MAIL_UNSUBSCRIBE_MAILTO: setting(z.email().optional(), {
    group: 'Newsletter and mail',
    default: "unsubscribe@ the From address's domain",
    meaning:
      "the `mailto:` of `List-Unsubscribe`; requests to it carry the subscriber's token in the subject",
  }),
  MAIL_REPLY_TO: setting(z.email('must be an email address').optional(), {
    group: 'Newsletter and mail',
    default: 'unset (replies go to the From address)',
    meaning:
      'the `Reply-To` of every mail: where a reader who answers a confirmation or a digest reaches a person',
    production: 'an address someone reads',
  }),
  NEWSLETTER_INBOUND_TOKEN: setting(z.string().min(24, 'must be at least 24 characters').optional(), {
    group: 'Newsletter and mail',
    default: 'unset',
    meaning:
      'enables `POST /newsletter/inbound`: mail sent to the unsubscribe `mailto:`, passed on raw by your mail server or provider (Bearer token, or the password of Basic auth); unset = 404',
  }),
  DKIM_DOMAIN: setting(z.string().min(3).optional(), {
    group: 'Newsletter and mail',
    default: 'unset',
    meaning: 'sign every mail with DKIM for this domain (with DKIM_SELECTOR and DKIM_PRIVATE_KEY)',
  }),
  DKIM_SELECTOR: setting(z.string().min(1).optional(), {
    group: 'Newsletter and mail',
    default: 'unset',
    meaning: 'the DKIM selector whose TXT record holds the public key (`SELECTOR._domainkey.DOMAIN`)',
  }),
  DKIM_PRIVATE_KEY: setting(z.string().min(1).optional(), {
    group: 'Newsletter and mail',
    default: 'unset',
    meaning: 'the DKIM private key: PEM text (newlines as `\\n` allowed) or the path of a PEM file',
  }),
  NEWSLETTER_RETRY_SECONDS: setting(z.coerce.number().int().min(1).max(86_400).default(60), {
    group: 'Newsletter and mail',
    default: '60',
    meaning:
      'wait before a recipient is retried after a temporary (4xx) SMTP answer; doubles with each attempt, 5 attempts',
  }),
  NEWSLETTER_LEASE_SECONDS: setting(z.coerce.number().int().min(2).max(3600).default(30), {
    group: 'Newsletter and mail',
    default: '30',
    meaning:
      'a sending instance renews its claim on an issue within this; another instance takes over once it lapses (a crash)',
  }),
  OPENAI_API_KEY: setting(z.string().min(1).optional(), {
    group: 'AI tools',
    default: 'unset',
    meaning: 'enables the AI tools; without it they answer 503',
  }),
  OPENAI_BASE_URL: setting(z.url().optional(), {
    group: 'AI tools',
    default: "OpenAI's",
    meaning: 'an OpenAI-compatible endpoint',
  }),
  OPENAI_MODEL: setting(z.string().min(1).default('gpt-4o'), {
    group: 'AI tools',
    default: 'gpt-4o',
    meaning: 'model for the AI tools (the admin shows it)',
  }),
  OPENAI_TIMEOUT_MS: setting(z.coerce.number().int().min(50).max(600_000).default(30_000), {
    group: 'AI tools',
    default: '30000',
    meaning: 'timeout per AI request (the SDK retries at most twice)',
  }),
  AI_CAP_MS: setting(z.coerce.number().int().min(50).max(600_000).optional(), {
    group: 'AI tools',
    default: '45000',
    meaning:
      'cap on one AI action (a review, a comparison, an image review), every attempt included; the admin counts up to it',
  }),
  AI_IMAGE_REVIEW_CAP_MS: setting(z.coerce.number().int().min(50).max(600_000).optional(), {
    group: 'AI tools',
    default: 'unset',
    meaning:
      'the older name of `AI_CAP_MS`, from when only the image review had a cap; read when that is unset',
  }),
};

const envSchema = z.object(settingsShape).transform((e) => ({
  ...e,
  SITE_URL: (e.SITE_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, ''),
  UPLOAD_DIR: e.UPLOAD_DIR ?? path.join(e.DATA_DIR, 'uploads'),
  // Demo content only outside production, unless asked for; the demo admin never in production.
  SEED_DEMO: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
  isProduction: e.NODE_ENV === 'production',
  PUBLIC_CACHE_MS: e.PUBLIC_CACHE_MS ?? (e.NODE_ENV === 'production' ? 1000 : 0),
  AI_CAP_MS: e.AI_CAP_MS ?? e.AI_IMAGE_REVIEW_CAP_MS,
  s3: e.STORAGE === 's3' && e.S3_BUCKET ? s3Config(e) : null,
}));

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  /** Path-style URLs (endpoint/bucket/key): the default with a custom endpoint (MinIO and most others). */
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Public base URL of the bucket (or a CDN before it): GET /uploads/:name redirects there when set. */
  publicUrl: string | undefined;
  /** Longest wait for one call to the bucket (STORAGE_TIMEOUT_MS). */
  timeoutMs: number;
}

function s3Config(e: {
  S3_BUCKET?: string | undefined;
  S3_REGION: string;
  S3_ENDPOINT?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_PUBLIC_URL?: string | undefined;
  STORAGE_TIMEOUT_MS: number;
}): S3Config {
  return {
    bucket: e.S3_BUCKET ?? '',
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
    timeoutMs: e.STORAGE_TIMEOUT_MS,
  };
}

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/**
 * Rules between settings, checked on the raw values so that they are reported together with every
 * other bad setting, not only once those are fixed.
 */
function crossSettingIssues(raw: Record<string, string>): string[] {
  const issues: string[] = [];
  if (raw.NODE_ENV === 'production') {
    // A missing, published or guessable secret gets the same sentence: what to set, and how.
    const weak = raw.BETTER_AUTH_SECRET ? weakSecretReason(raw.BETTER_AUTH_SECRET) : null;
    if (!raw.BETTER_AUTH_SECRET || weak)
      issues.push(
        `  BETTER_AUTH_SECRET: required in production (32+ random characters, for example from \`openssl rand -base64 32\`)${weak ? `: this one ${weak}` : ''}`,
      );
  }
  if (Number(raw.WEB_CONCURRENCY ?? 1) > 1 && !raw.DATABASE_URL)
    issues.push(
      '  WEB_CONCURRENCY: above 1 needs DATABASE_URL (the embedded database belongs to one process)',
    );
  const dkim = [raw.DKIM_DOMAIN, raw.DKIM_SELECTOR, raw.DKIM_PRIVATE_KEY].filter(Boolean).length;
  if (dkim > 0 && dkim < 3)
    issues.push('  DKIM_DOMAIN: DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together');
  if (raw.STORAGE === 's3') {
    if (!raw.S3_BUCKET) issues.push('  S3_BUCKET: required when STORAGE=s3');
    if (Boolean(raw.S3_ACCESS_KEY_ID) !== Boolean(raw.S3_SECRET_ACCESS_KEY)) {
      const missing = raw.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      issues.push(
        `  ${missing}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset for the default AWS credential chain)`,
      );
    }
  }
  return issues;
}

/** Parse and validate configuration once; the message names every bad variable, all at once. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "unset" (a common .env habit).
  const cleaned = Object.fromEntries(
    Object.entries(source).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  const lines = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`)),
    ...crossSettingIssues(cleaned),
  ];
  if (lines.length || !parsed.success) throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  return parsed.data;
}

/**
 * The environment of the server's picture encoder (pictures/encoder-client.ts): the server's own, with
 * glibc held to two malloc arenas unless the operator set MALLOC_ARENA_MAX. Each libvips thread
 * otherwise gets an arena that keeps freed pixel buffers (734 MB peak in the pictures bench, 284 MB
 * with two).
 */
export function encoderProcessEnv(): NodeJS.ProcessEnv {
  return { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };
}
