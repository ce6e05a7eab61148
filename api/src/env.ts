import path from 'node:path';
import { fileURLToPath } from 'node:url';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';

/** Repository root (api/src/env.ts → ../..). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Which peers may tell us the client's address in X-Forwarded-For (lib/client-ip.ts): none; a count
 * of proxies in front (each adds one entry on the right); or the proxies' own addresses and CIDRs.
 */
export type ProxyTrust = { hops: number } | { addresses: string[] };

const trustProxy = z
  .string()
  .trim()
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

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    SITE_URL: z.url().optional(),
    BRAND_NAME: z.string().min(1).default('Bloom & Balance'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
    UPLOAD_DIR: z.string().min(1).optional(),
    BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    SEED_DEMO: bool.optional(),
    OPENAI_API_KEY: z.string().min(1).optional(),
    OPENAI_BASE_URL: z.url().optional(),
    OPENAI_MODEL: z.string().min(1).default('gpt-4o'),
    // Per-attempt timeout of AI requests (the SDK retries twice); tests shorten it.
    OPENAI_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(30_000),
    // Cap on a whole image review, all attempts included (AI_IMAGE_REVIEW_CAP_MS); tests shorten it.
    AI_IMAGE_REVIEW_CAP_MS: z.coerce.number().int().min(50).max(600_000).optional(),
    RSS_CRON: z.string().min(1).default('0 */6 * * *'),
    RSS_SOURCES: z.string().min(1).optional(),
    RSS_ALLOW_PRIVATE: bool.default(false),
    // Daily affiliate link check (London time); 'off' disables it.
    LINK_CHECK_CRON: z.string().min(1).default('30 4 * * *'),
    // One structured line per request (default: on, except in tests).
    LOG_REQUESTS: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    // Enables GET /metrics (Prometheus) for callers presenting it as a Bearer token; unset = 404.
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    // What shared caches (a CDN) may do with anonymous pages and public API reads, in seconds.
    CDN_S_MAXAGE: z.coerce.number().int().min(0).max(86_400).default(60),
    CDN_STALE_WHILE_REVALIDATE: z.coerce.number().int().min(0).max(86_400).default(300),
    // Optional: after every write, the changed surrogate keys are POSTed here (JSON { keys }).
    CDN_PURGE_URL: z.url({ protocol: /^https?$/ }).optional(),
    // Per-instance micro-cache of public reads, in ms (default: 1000 in production, 0 elsewhere).
    PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    // Memory the micro-cache may hold per instance, in MB (oldest entries go first past it).
    PUBLIC_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
    // Sign-up answers no sooner than this (ms), so a taken email and a new one take the same time.
    SIGN_UP_MIN_MS: z.coerce.number().int().min(0).max(10_000).default(400),
    // Behind reverse proxies: the client is the rightmost X-Forwarded-For entry not added by a trusted
    // proxy. false (default) = the socket's address; true = 1 proxy; N = N proxies in front; or a
    // comma-separated list of the proxies' addresses/CIDRs (also loopback, linklocal, uniquelocal).
    TRUST_PROXY: trustProxy.default({ hops: 0 }),
    // SIGTERM: how long requests in flight may take to finish before the process exits anyway.
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    // Uploads: a local folder (UPLOAD_DIR) or an S3-compatible bucket shared by every instance.
    STORAGE: z.enum(['local', 's3'], { error: 'must be "local" or "s3"' }).default('local'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    S3_FORCE_PATH_STYLE: bool.optional(),
  })
  .superRefine((e, ctx) => {
    if (e.STORAGE !== 's3') return;
    if (!e.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when STORAGE=s3' });
    if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
      const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message:
          'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset for the default AWS credential chain)',
      });
    }
  })
  .transform((e) => ({
    ...e,
    SITE_URL: (e.SITE_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, ''),
    UPLOAD_DIR: e.UPLOAD_DIR ?? path.join(e.DATA_DIR, 'uploads'),
    // Demo content (and the demo admin) only outside production unless asked for.
    SEED_DEMO: e.SEED_DEMO ?? true,
    isProduction: e.NODE_ENV === 'production',
    PUBLIC_CACHE_MS: e.PUBLIC_CACHE_MS ?? (e.NODE_ENV === 'production' ? 1000 : 0),
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
}

function s3Config(e: {
  S3_BUCKET?: string | undefined;
  S3_REGION: string;
  S3_ENDPOINT?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_PUBLIC_URL?: string | undefined;
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
  };
}

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parse and validate configuration once; the message names every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "unset" (a common .env habit).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.isProduction && !env.BETTER_AUTH_SECRET) {
    throw new EnvError(
      'Invalid configuration:\n  BETTER_AUTH_SECRET: required in production (32+ random characters)',
    );
  }
  return env;
}
