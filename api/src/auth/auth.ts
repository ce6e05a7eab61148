import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, twoFactor } from 'better-auth/plugins';
import { auditAuthEvents } from '../audit/auth-events';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import type { Env } from '../env';
import { serializeError } from '../observe/errors';
import type { Logger } from '../observe/logger';
import { outsideText } from '../observe/redact';
import { trustedOrigins } from '../security/origin';
import { CLIENT_IP_HEADER } from './client-ip-header';
import { DEV_SECRET } from './dev-secret';

export { CLIENT_IP_HEADER } from './client-ip-header';

export function createAuth(db: Database, env: Env, logger?: Logger) {
  return betterAuth({
    appName: env.BRAND_NAME,
    baseURL: env.SITE_URL,
    basePath: '/api/auth',
    secret: env.BETTER_AUTH_SECRET ?? DEV_SECRET,
    // The same origins our own check accepts (security/origin.ts).
    trustedOrigins: trustedOrigins(env),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
        twoFactor: schema.twoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Sign-up never signs in (issue 27 §3): a new address and a taken one get the same answer (a
      // success-shaped user, no session), with the password hashed either way so the time matches too.
      // The page then signs in with the same details. When the site can send mail, an
      // onExistingUserSignUp hook here should tell a taken address's owner that someone tried.
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        // input: false → better-auth refuses it in sign-up and update payloads.
        isAdmin: { type: 'boolean', required: false, defaultValue: false, input: false },
        // The staff role (auth/policy.ts). No cookieCache below: getSession reads this row on every
        // request, so a demotion, a ban or a deletion applies to open sessions at once (issue 42 §3).
        role: { type: 'string', required: false, input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 200,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 10 },
      },
    },
    advanced: { ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] } },
    databaseHooks: {
      user: {
        create: {
          // ADMIN_EMAILS grants admin at sign-up; nothing a user sends can.
          before: async (u) => {
            const admin = env.ADMIN_EMAILS.includes(String(u.email).toLowerCase());
            return { data: { ...u, isAdmin: admin, role: admin ? 'admin' : null } };
          },
        },
      },
    },
    // Two-step sign-in (issue 42 §4): TOTP with backup codes. A sign-in of an enrolled account answers
    // { twoFactorRedirect } and a short-lived signed cookie instead of a session; /two-factor/verify-totp
    // or /verify-backup-code then opens the session (and bearer() returns its token to the desktop app).
    // The plugin limits /two-factor/* to 3 calls in 10 s per address, 5 codes per challenge and locks
    // the account's second step for 15 minutes after 10 wrong codes in a row.
    // twoFactor first: its after-hook drops the password step's session before bearer() would hand
    // that session's token out in set-auth-token.
    plugins: [twoFactor({ issuer: env.BRAND_NAME }), bearer()],
    // Staff sign-ins and two-factor changes into the audit log (issue 42 §7).
    hooks: { after: auditAuthEvents(db, logger) },
    telemetry: { enabled: false },
    // Through the app's logger (JSON in production), errors without their query parameters.
    logger: {
      level: env.NODE_ENV === 'test' ? 'error' : 'warn',
      ...(logger ? { log: authLogTo(logger) } : {}),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** better-auth's log lines as the app's own: one JSON line, outside text redacted, errors serialized safely. */
function authLogTo(logger: Logger) {
  return (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) => {
    const details = args.map((a) => (a instanceof Error ? serializeError(a) : outsideText(describe(a), 300)));
    logger[level]({ details }, `[auth] ${outsideText(message, 300)}`);
  };
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
