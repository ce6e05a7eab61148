import type { AuditAction } from '@site/shared';

/**
 * What one audited write collects while its handler runs (AppEnv's `audit` variable; audit/record.ts).
 * `D` is the app's deps (a type parameter here so this file imports nothing of the app's).
 */
export interface AuditState<D> {
  /** Whether the handler runs inside the entry's transaction. */
  open: boolean;
  /** Work that must see the change committed (telling the caches): run once it is. */
  afterCommit: Array<(deps: D) => Promise<void>>;
  /** Set by a handler that knows better than its route (a save that publishes). */
  action?: AuditAction;
  /** How many items a bulk action or an import changed. */
  count?: number;
}
