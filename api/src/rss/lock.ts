import type { AppDeps } from '../context';
import { LOCK_KEYS, type ReleaseLock, tryAdvisoryLock } from '../lib/jobs/advisory-lock';

export type { ReleaseLock };

/** Take the cluster-wide RSS lock without waiting; null when another run holds it (lib/jobs/advisory-lock.ts). */
export const tryRssLock = (deps: Pick<AppDeps, 'db' | 'dbKind'>) => tryAdvisoryLock(deps, LOCK_KEYS.rss);
