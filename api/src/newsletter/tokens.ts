import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '../env';

import { DEV_SECRET } from '../auth/dev-secret';
import { hashOneTimeToken, newOneTimeToken } from '../security/one-time-token';

// Outside production only (loadEnv requires a strong BETTER_AUTH_SECRET there), like auth.ts.
const secretOf = (env: Pick<Env, 'BETTER_AUTH_SECRET'>) => env.BETTER_AUTH_SECRET ?? DEV_SECRET;

/** A confirmation token (sent once, in the mail) and the hash that is all the database keeps. */
export const newConfirmToken = newOneTimeToken;
export const hashToken = hashOneTimeToken;

/** A hash of the address a request came from: proof of where consent came from, nothing personal kept. */
export function ipHash(env: Pick<Env, 'BETTER_AUTH_SECRET'>, ip: string) {
  return createHmac('sha256', secretOf(env)).update(`newsletter-ip|${ip}`).digest('hex').slice(0, 32);
}

function mac(env: Pick<Env, 'BETTER_AUTH_SECRET'>, id: number) {
  return createHmac('sha256', secretOf(env)).update(`newsletter-unsubscribe|${id}`).digest('base64url');
}

/**
 * The token of a subscriber's unsubscribe and preferences links: `{id}.{HMAC}`. Nothing is stored, so
 * every mail ever sent keeps working (RFC 8058 asks that one-click links not expire quickly), and a
 * deleted subscriber's token names nobody.
 */
export function unsubscribeToken(env: Pick<Env, 'BETTER_AUTH_SECRET'>, subscriberId: number) {
  return `${subscriberId}.${mac(env, subscriberId)}`;
}

/** The subscriber id a token names, or null when it was not made here. */
export function readUnsubscribeToken(env: Pick<Env, 'BETTER_AUTH_SECRET'>, token: string): number | null {
  const m = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  if (id > 2_147_483_647) return null;
  const want = Buffer.from(mac(env, id));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? id : null;
}
