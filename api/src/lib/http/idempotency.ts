import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../../context';
import type { Database } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/index';
import { currentUser } from '../../auth/middleware';
import { ApiError, badRequest, isUniqueViolation } from './errors';
import { clientHash } from './rate-limit';
import { sweepDue } from '../jobs/sweep';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** 8–100 printable ASCII characters: a UUID fits, a typo'd empty or huge header does not. */
const KEY_FORMAT = /^[\x21-\x7E]{8,100}$/;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export interface StoredAnswer {
  status: ContentfulStatusCode;
  body: Record<string, unknown>;
}
interface StoredRow extends StoredAnswer {
  requestHash: string | null;
  clientHash: string | null;
}

export const KEY_REUSED_FOR_ANOTHER_REQUEST =
  'This Idempotency-Key was already used for a different request. Send a new key with a new request.';
export const KEY_REUSED_BY_ANOTHER_CLIENT =
  'This Idempotency-Key was already used by another client. Send a new key with your request.';

/** JSON with its object keys sorted, so the same request always hashes the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Who sent the request, for comparing a repeat with the first: the account when signed in, else the
 * client's address (salted hash, lib/http/rate-limit.ts): the only identity an anonymous form has.
 */
async function senderHash(c: Context<AppEnv>): Promise<string> {
  const user = await currentUser(c);
  return user ? sha256(`user:${user.id}`) : `ip:${clientHash(c, 'idempotency:')}`;
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

async function storedAnswer(db: Database | Tx, scope: string, key: string): Promise<StoredRow | null> {
  const [row] = await db
    .select({
      status: idempotencyKeys.status,
      body: idempotencyKeys.body,
      requestHash: idempotencyKeys.requestHash,
      clientHash: idempotencyKeys.clientHash,
    })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, scope),
        eq(idempotencyKeys.key, key),
        gt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)),
      ),
    );
  return row
    ? {
        status: row.status as ContentfulStatusCode,
        body: row.body as Record<string, unknown>,
        requestHash: row.requestHash,
        clientHash: row.clientHash,
      }
    : null;
}

class AlreadyAnswered extends Error {}

/**
 * Runs `write` once per (scope, key) within 24 hours and answers with what it answered. A repeat, even
 * one racing the first, gets the stored answer and writes nothing: the row and the key are inserted in
 * one transaction, and the key's primary key lets only one of two racing transactions commit.
 * A key reused with another request (its validated body differs) or by another client is refused with
 * 422, as the IETF Idempotency-Key draft asks, instead of silently answering for the first request.
 * Without a key, `write` simply runs (old clients, curl).
 */
export async function onceFor(
  c: Context<AppEnv>,
  scope: string,
  key: string | null,
  steps: {
    /** The validated request: a repeat must carry the same. */
    request: unknown;
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
  const mine = { requestHash: sha256(canonicalJson(steps.request)), clientHash: await senderHash(c) };
  const earlier = await storedAnswer(db, scope, key);
  if (earlier) return replay(c, earlier, mine);
  await check?.();
  try {
    const answer = await db.transaction(async (tx) => {
      const result = await write(tx);
      const stale = new Date(Date.now() - IDEMPOTENCY_TTL_MS);
      // A key older than 24 h is free again; a live one means another request got there first.
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ scope, key, ...mine, status: result.status, body: result.body })
        .onConflictDoUpdate({
          target: [idempotencyKeys.scope, idempotencyKeys.key],
          set: { ...mine, status: result.status, body: result.body, createdAt: sql`now()` },
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
    if (winner) return replay(c, winner, mine);
    throw err;
  }
}

function replay(c: Context<AppEnv>, answer: StoredRow, mine: Pick<StoredRow, 'requestHash' | 'clientHash'>) {
  // Rows stored before the hashes existed (null) replay as before.
  if (answer.clientHash && answer.clientHash !== mine.clientHash) {
    throw new ApiError(422, KEY_REUSED_BY_ANOTHER_CLIENT);
  }
  if (answer.requestHash && answer.requestHash !== mine.requestHash) {
    throw new ApiError(422, KEY_REUSED_FOR_ANOTHER_REQUEST);
  }
  c.header('idempotent-replayed', 'true');
  return c.json(answer.body, answer.status);
}

async function forgetOldKeys(db: Database) {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)))
    .catch(() => undefined);
}
