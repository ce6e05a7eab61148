import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Repository root (api/src/env.ts → ../..). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
    RSS_CRON: z.string().min(1).default('0 */6 * * *'),
    RSS_SOURCES: z.string().min(1).optional(),
    RSS_ALLOW_PRIVATE: bool.default(false),
    LOG_REQUESTS: bool.optional(),
    // Per-instance micro-cache of public reads, in ms (default: 1000 in production, 0 elsewhere).
    PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    // Behind a reverse proxy: take the client address from X-Forwarded-For.
    TRUST_PROXY: bool.default(false),
  })
  .transform((e) => ({
    ...e,
    SITE_URL: (e.SITE_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, ''),
    UPLOAD_DIR: e.UPLOAD_DIR ?? path.join(e.DATA_DIR, 'uploads'),
    // Demo content (and the demo admin) only outside production unless asked for.
    SEED_DEMO: e.SEED_DEMO ?? true,
    isProduction: e.NODE_ENV === 'production',
    PUBLIC_CACHE_MS: e.PUBLIC_CACHE_MS ?? (e.NODE_ENV === 'production' ? 1000 : 0),
  }));

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
