import type { Fetcher } from '../../lib/api';

/**
 * better-auth's two-factor endpoints (/api/auth/two-factor/*), called with the platform's own fetcher:
 * a wrong code answers 401, which must not read as "signed out" (AdminApp's fetcher would send the
 * person to sign in).
 */

export class TwoFactorError extends Error {}

/** better-auth's refusals, in the admin's words. */
function sentence(status: number, body: { message?: string; code?: string } | null): string {
  const code = body?.code ?? '';
  if (status === 429 || code === 'ACCOUNT_TEMPORARILY_LOCKED')
    return 'Too many tries. Please wait a minute and try again.';
  if (code === 'INVALID_PASSWORD') return 'That password is not right.';
  if (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE')
    return 'That code is not right. Check the app and try again.';
  if (code === 'TOTP_ALREADY_ENABLED') return 'Two-step sign-in is already on.';
  if (status === 401) return 'Your session has ended. Please sign in again.';
  return body?.message || 'Something went wrong. Please try again.';
}

export async function twoFactorCall<T>(fetcher: Fetcher, path: string, body: object): Promise<T> {
  let res: Response;
  try {
    res = await fetcher(`/api/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new TwoFactorError('Could not reach the server. Please try again.');
  }
  const json = (await res.json().catch(() => null)) as (T & { message?: string; code?: string }) | null;
  if (!res.ok) throw new TwoFactorError(sentence(res.status, json));
  return json as T;
}

/**
 * The otpauth:// URI as authenticator apps read it. better-auth writes the query with URLSearchParams,
 * so "Bloom & Balance" arrives as "Bloom+%26+Balance", and apps that follow the key URI format (which
 * asks for %20) show the plus signs. Same parameters, spaces as %20.
 */
export function authenticatorUri(uri: string): string {
  const url = new URL(uri);
  const query = [...url.searchParams]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return `${uri.split('?')[0]}?${query}`;
}

/** The secret for typing in by hand, in groups of four ("ABCD EFGH …"). */
export function manualSecret(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** A picture of the URI for the phone's camera, made only when enrolment starts (out of every first bundle). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  // A CommonJS module: its functions sit on `default` once bundled, on the namespace under Node.
  const mod = (await import('qrcode')) as typeof import('qrcode') & { default?: typeof import('qrcode') };
  const qr = mod.default ?? mod;
  const svg = await qr.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
