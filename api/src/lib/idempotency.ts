import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../context';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { badRequest, isUniqueViolation } from './errors';
import { sweepDue } from './sweep';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** 8–100 printable ASCII characters: a UUID fits, a typo'd empty or huge header does not. */
const KEY_FORMAT = /^[\x21-\x7E]{8,100}$/;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export interface StoredAnswer {
  status: ContentfulStatusCode;
  body: Record<string, unknown>;
}

/** The request's Idempotency-Key, null without one; a malformed key is a 400. */
export function idempotencyKey(c: Context<AppEnv>): string | null {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return null;
  if (!KEY_FORMAT.test(key)) {
    throw badRequest('Idempotency-Key must be 8 to 100 printable characters (for example a UUID)');
  }
  return key;
}

async function storedAnswer(db: Database | Tx, scope: string, key: string): Promise<StoredAnswer | null> {
  const [row] = await db
    .select({ status: idempotencyKeys.status, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, scope),
        eq(idempotencyKeys.key, key),
        gt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)),
      ),
    );
  return row
    ? { status: row.status as ContentfulStatusCode, body: row.body as Record<string, unknown> }
    : null;
}

class AlreadyAnswered extends Error {}

/**
 * Runs `write` once per (scope, key) within 24 hours and answers with what it answered. A repeat, even
 * one racing the first, gets the stored answer and writes nothing: the row and the key are inserted in
 * one transaction, and the key's primary key lets only one of two racing transactions commit.
 * Without a key, `write` simply runs (old clients, curl).
 */
export async function onceFor(
  c: Context<AppEnv>,
  scope: string,
  key: string | null,
  steps: {
    /** Runs for a request that is not a repeat, before the write (rate limits): a repeat costs nothing. */
    check?: () => Promise<void>;
    write: (tx: Tx) => Promise<StoredAnswer>;
  },
): Promise<Response> {
  const { db } = c.var.deps;
  const { check, write } = steps;
  if (key === null) {
    await check?.();
    const answer = await db.transaction(write);
    return c.json(answer.body, answer.status);
  }
  const earlier = await storedAnswer(db, scope, key);
  if (earlier) return replay(c, earlier);
  await check?.();
  try {
    const answer = await db.transaction(async (tx) => {
      const result = await write(tx);
      const stale = new Date(Date.now() - IDEMPOTENCY_TTL_MS);
      // A key older than 24 h is free again; a live one means another request got there first.
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ scope, key, status: result.status, body: result.body })
        .onConflictDoUpdate({
          target: [idempotencyKeys.scope, idempotencyKeys.key],
          set: { status: result.status, body: result.body, createdAt: sql`now()` },
          setWhere: lt(idempotencyKeys.createdAt, stale),
        })
        .returning({ key: idempotencyKeys.key });
      if (!claimed) throw new AlreadyAnswered();
      return result;
    });
    if (sweepDue(db, 'idempotency')) await forgetOldKeys(db);
    return c.json(answer.body, answer.status);
  } catch (err) {
    // Lost a race with the same key: that request's write stands, this one rolled back.
    const lost = err instanceof AlreadyAnswered || isUniqueViolation(err);
    const winner = lost ? await storedAnswer(db, scope, key) : null;
    if (winner) return replay(c, winner);
    throw err;
  }
}

function replay(c: Context<AppEnv>, answer: StoredAnswer) {
  c.header('idempotent-replayed', 'true');
  return c.json(answer.body, answer.status);
}

async function forgetOldKeys(db: Database) {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)))
    .catch(() => undefined);
}
