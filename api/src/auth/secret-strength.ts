import { DEV_SECRET } from './dev-secret';

/**
 * Values that anyone can read: the development secret, and the placeholders that guides and
 * `.env` templates print. A production secret equal to one of them (in any case) signs sessions an
 * outsider can forge.
 */
const KNOWN_SECRETS = [
  DEV_SECRET,
  'changeme',
  'change-me',
  'change_me',
  'secret',
  'your-secret-here',
  'your_secret_here',
  'replace-me',
  'better-auth-secret-12345678900',
  'super-secret-key',
  'my-super-secret-key',
  'please-change-this-secret',
];

/** Bits of Shannon entropy in the text: how varied its characters are, times its length. */
export function entropyBits(text: string): number {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const length = [...text].length;
  let bitsPerChar = 0;
  for (const n of counts.values()) bitsPerChar -= (n / length) * Math.log2(n / length);
  return bitsPerChar * length;
}

/** True when the text is one shorter piece said again and again ("abcabcabc…"). */
function isRepetition(text: string): boolean {
  return /^(.{1,16}?)\1+$/su.test(text);
}

// 32 characters from `openssl rand -hex 16` carry ~110 bits by this measure, from `-base64 32` ~170;
// 36 × "a" carries 0 and a dictionary phrase of 32 letters ~120 at most with 20 distinct letters.
export const MIN_SECRET_BITS = 96;
const MIN_DISTINCT = 10;

/** Why a production secret is unsafe, or null when it is fit to sign sessions. */
export function weakSecretReason(secret: string): string | null {
  const lowered = secret.trim().toLowerCase();
  if (KNOWN_SECRETS.some((known) => lowered === known.toLowerCase() || lowered.includes(DEV_SECRET)))
    return 'is a published example value';
  if (isRepetition(secret) || new Set(secret).size < MIN_DISTINCT || entropyBits(secret) < MIN_SECRET_BITS)
    return 'is too predictable';
  return null;
}
