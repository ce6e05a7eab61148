import type { AuditAction } from '@site/shared';
import type { Context, Next } from 'hono';
import { matchedRoutes } from 'hono/route';
import { roleOf } from '../auth/role';
import type { AppDeps, AppEnv } from '../context';
import { auditLog } from '../db/schema';
import { clientIp } from '../lib/http/client-ip';
import { AUDITED, type AuditRule } from './actions';
import type { AuditState as State } from './state';

type AuditState = State<AppDeps>;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ROLLBACK = Symbol('audit: the answer was a refusal; keep nothing');

/** The route that answers (the last one matched that is not middleware), as `METHOD /path`. */
export function endpointOf(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c).filter((r) => r.method !== 'ALL');
  const last = routes.at(-1);
  return last ? `${last.method} ${last.path}` : `${c.req.method} ${c.req.path}`;
}

/**
 * A staff write, recorded (called by `can()` once the permission is granted). Its handler runs inside
 * one database transaction, with `c.var.deps.db` being that transaction, and the entry is inserted
 * before it commits: a crash keeps both or neither. A refusal (status >= 400) rolls everything back.
 * What must see the committed change (cache clearing) waits for the commit (`whenCommitted`).
 */
export async function auditedWrite(c: Context<AppEnv>, next: Next): Promise<void> {
  if (!WRITES.has(c.req.method) || c.get('audit')) return next();
  const key = endpointOf(c);
  const rule = AUDITED[key];
  // audit-declarations.test.ts fails first; this keeps an undeclared write from going unrecorded.
  if (!rule) throw new Error(`No audit declaration for ${key} (api/src/audit/actions.ts)`);
  if ('skip' in rule) return next();
  const state: AuditState = { open: !rule.outside, afterCommit: [] };
  c.set('audit', state);
  const root = c.var.deps;
  if (rule.outside) {
    await next();
    if (!c.error && c.res.status < 400)
      await root.db.insert(auditLog).values(await entryFor(c, key, rule, state));
    return;
  }
  try {
    await root.db.transaction(async (tx) => {
      c.set('deps', { ...root, db: tx as unknown as AppDeps['db'] });
      try {
        await next();
      } finally {
        c.set('deps', root);
        state.open = false;
      }
      if (c.error || c.res.status >= 400) throw ROLLBACK;
      await tx.insert(auditLog).values(await entryFor(c, key, rule, state));
    });
  } catch (err) {
    if (err !== ROLLBACK) throw err;
    return;
  }
  for (const work of state.afterCommit) await work(root);
}

/** Run `work` once the request's change has committed (at once when no transaction is open). */
export async function whenCommitted(c: Context<AppEnv>, work: (deps: AppDeps) => Promise<void>) {
  const state = c.get('audit');
  if (state?.open) state.afterCommit.push(work);
  else await work(c.var.deps);
}

/** From a handler: the entry's action, when the route's is too general (a save that publishes). */
export function auditAs(c: Context<AppEnv>, action: AuditAction) {
  const state = c.get('audit');
  if (state) state.action = action;
}

/** From a handler: how many items a bulk action or an import changed. */
export function auditCount(c: Context<AppEnv>, count: number) {
  const state = c.get('audit');
  if (state) state.count = count;
}

/**
 * Names of the fields the request sent and its schema kept (a default the schema filled in was not
 * sent; a name it dropped is not ours to record): never their values.
 */
async function fieldNames(c: Context<AppEnv>): Promise<string[]> {
  const valid = (c.req as unknown as { valid(target: string): unknown }).valid('json');
  if (!valid || typeof valid !== 'object' || Array.isArray(valid)) return [];
  // Hono keeps the parsed body the validator read; this reads no stream again.
  const sent = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
  return Object.keys(valid)
    .filter((name) => sent !== null && Object.hasOwn(sent, name))
    .sort();
}

/** The item the write was to: the route's `:id`, or the `id` of what a create answered with. */
async function itemIdOf(c: Context<AppEnv>): Promise<string | null> {
  const param = c.req.param('id');
  if (param) return param;
  if (!c.res.headers.get('content-type')?.includes('application/json')) return null;
  const body = (await c.res
    .clone()
    .json()
    .catch(() => null)) as { id?: unknown } | null;
  return typeof body?.id === 'number' || typeof body?.id === 'string' ? String(body.id) : null;
}

async function entryFor(
  c: Context<AppEnv>,
  key: string,
  rule: Extract<AuditRule, { action: AuditAction }>,
  state: AuditState,
): Promise<typeof auditLog.$inferInsert> {
  const user = c.get('user') ?? null;
  return {
    actorId: user?.id ?? null,
    actorEmail: user?.email ?? null,
    actorRole: roleOf(user),
    action: state.action ?? rule.action,
    itemType: rule.item ?? null,
    itemId: rule.item ? await itemIdOf(c) : null,
    fields: await fieldNames(c),
    count: state.count ?? null,
    ip: clientIp(c, c.var.deps.env.TRUST_PROXY),
    route: key,
  };
}

/**
 * An entry for a write outside `can()` (a public route acting for a person who just became staff, as
 * an accepted invitation does): the caller inserts it in its own transaction.
 */
export function entryFromRequest(
  c: Context<AppEnv>,
  entry: Omit<typeof auditLog.$inferInsert, 'ip' | 'route'>,
): typeof auditLog.$inferInsert {
  return { ...entry, ip: clientIp(c, c.var.deps.env.TRUST_PROXY), route: endpointOf(c) };
}
