import { createHash, randomBytes } from 'node:crypto';

/**
 * The secret of a one-time link (the first-admin setup link, a newsletter confirmation, a staff
 * invitation): 256 random bits, sent once. The database keeps only its SHA-256, so a copy of the
 * database opens nothing.
 */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOneTimeToken(token) };
}

export const hashOneTimeToken = (token: string) => createHash('sha256').update(token).digest('hex');
