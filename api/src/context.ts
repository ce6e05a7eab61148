import type { StaffRole } from '@site/shared';
import type { AuditState } from './audit/state';
import type { Auth } from './auth/auth';
import type { Database } from './db/client';
import type { Env } from './env';
import type { Storage } from './lib/storage/types';
import type { Logger } from './observe/logger';
import type { Metrics } from './observe/metrics';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  isAdmin?: boolean | null;
  /** Read with roleOf() (auth/policy.ts), which keeps it in line with isAdmin. */
  role?: StaffRole | null;
  /** better-auth's twoFactor plugin: a verified TOTP enrolment (auth/policy.ts, REQUIRE_2FA_ROLES). */
  twoFactorEnabled?: boolean | null;
  createdAt: Date;
}

/** Everything a request handler may need, built once per app instance (tests build their own). */
export interface AppDeps {
  env: Env;
  db: Database;
  /** PostgreSQL: the search connections (DatabaseHandle.searchDb); undefined on PGlite. */
  searchDb?: Database | undefined;
  dbKind: 'pglite' | 'postgres';
  auth: Auth;
  storage: Storage;
  /** Set on SIGTERM: /api/ready answers 503 so a load balancer sends no new requests. */
  lifecycle: { shuttingDown: boolean };
  logger: Logger;
  metrics: Metrics;
  /** Tells the other instances which cached public reads to drop (lib/cache/sync.ts); unset = alone. */
  cacheBus?: { publish(tags: readonly string[]): void };
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    /** undefined = not looked up yet; null = anonymous. Use currentUser(c). */
    user: SessionUser | null | undefined;
    /** Surrogate keys a write's handler adds to its route's declaration (lib/cache/write-clears.ts: alsoClears). */
    alsoClears?: string[];
    /** The audit entry a staff write is collecting (audit/record.ts). */
    audit?: AuditState<AppDeps>;
    /** When a kept public read stops being true on its own (lib/cache/cache.ts: keepUntil). */
    keepUntil?: number;
    /** Set by app.ts internalReads: a read made by a server render, never by a browser (no ETag to send). */
    serverRender?: true;
  };
};
