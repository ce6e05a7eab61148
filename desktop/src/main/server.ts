import { DESKTOP_UA_PRODUCT } from '@site/shared';
import type { Result, WireRequest, WireResponse } from '../shared/bridge';

export const HEALTH_TIMEOUT_MS = 5000;
export const REQUEST_TIMEOUT_MS = 120_000;

/** Normalises what the user typed to an origin-like base ("https://site.example/base"), http(s) only. */
export function parseServerUrl(input: string): Result<string> {
  const text = input.trim();
  if (!text) return { ok: false, message: 'Please enter the server address.' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: 'Please enter a full address starting with http:// or https://.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: 'The server address must start with http:// or https://.' };
  }
  if (url.username || url.password)
    return { ok: false, message: 'The server address must not contain a password.' };
  return { ok: true, value: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** Checks the address answers GET /api/health with 200 before it is remembered. */
export async function checkServer(input: string, fetchImpl: typeof fetch = fetch): Promise<Result<string>> {
  const parsed = parseServerUrl(input);
  if (!parsed.ok) return parsed;
  try {
    const res = await fetchImpl(`${parsed.value}/api/health`, {
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!res.ok) {
      return { ok: false, message: `The server answered ${res.status}; is this a Bloom & Balance server?` };
    }
    return parsed;
  } catch {
    return {
      ok: false,
      message: `Could not reach ${parsed.value}. Check the address and that the server is running.`,
    };
  }
}

/** Only paths on the API leave the app: the renderer cannot use main as a proxy to anywhere else. */
export function isApiPath(p: string): boolean {
  return p.startsWith('/api/') && !p.includes('..') && !p.includes('\\') && !/^\/api\/.*\/\//.test(p);
}

const DROP_HEADERS = new Set(['cookie', 'authorization', 'host', 'origin', 'content-length']);
// Sessions stay in main; the body arrives already decoded, so its encoding and length no longer apply.
const DROP_RESPONSE_HEADERS = new Set([
  'set-cookie',
  'set-auth-token',
  'content-encoding',
  'content-length',
  'transfer-encoding',
]);

/** Replays a renderer request against the server, adding the bearer token (which never reaches the renderer). */
export async function forwardRequest(
  serverUrl: string,
  token: string | null,
  req: WireRequest,
  fetchImpl: typeof fetch = fetch,
  /**
   * The server replaced the session (turning two-step sign-in on or off does): its new token, which
   * main keeps instead of the old one, now ended.
   */
  onNewToken?: (token: string) => void,
): Promise<Result<WireResponse>> {
  if (!isApiPath(req.path)) return { ok: false, message: 'Only /api requests can be sent to the server.' };
  const headers = new Headers();
  for (const [k, v] of req.headers) if (!DROP_HEADERS.has(k.toLowerCase())) headers.set(k, v);
  if (token) headers.set('authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (req.body.kind === 'text') body = req.body.text;
  if (req.body.kind === 'form') {
    const form = new FormData();
    for (const f of req.body.fields) {
      if ('data' in f) form.append(f.name, new Blob([f.data], { type: f.type }), f.filename);
      else form.append(f.name, f.value);
    }
    body = form;
    headers.delete('content-type'); // fetch sets the multipart boundary.
  }
  try {
    const res = await fetchImpl(`${serverUrl}${req.path}`, {
      method: req.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const replaced = res.headers.get('set-auth-token');
    if (token && replaced && replaced !== token) onNewToken?.(replaced);
    return {
      ok: true,
      value: {
        status: res.status,
        statusText: res.statusText,
        headers: [...res.headers].filter(([k]) => !DROP_RESPONSE_HEADERS.has(k)),
        body: new Uint8Array(await res.arrayBuffer()),
      },
    };
  } catch {
    return { ok: false, message: `Could not reach the server at ${serverUrl}.` };
  }
}

const OS_NAMES: Partial<Record<NodeJS.Platform, string>> = {
  darwin: 'macOS',
  win32: 'Windows',
  linux: 'Linux',
};

/**
 * How the app names itself to the server: the staff member's device list shows "Desktop app on macOS"
 * (api/src/routes/admin/account.ts reads it). Sent when a session is made: sign-in and the code step.
 */
export function desktopUserAgent(platform: NodeJS.Platform = process.platform): string {
  return `${DESKTOP_UA_PRODUCT}/1 (${OS_NAMES[platform] ?? platform})`;
}

/** A session token, or (two-step sign-in) the server's challenge cookie to send back with the code. */
export type SignInOutcome = { token: string } | { challenge: string };

/**
 * better-auth email sign-in; the bearer plugin returns the session token in `set-auth-token`. An
 * account with two-step sign-in answers `{ twoFactorRedirect }` and a short-lived signed cookie instead:
 * main keeps that cookie (never the renderer) for `verifyTwoFactorOnServer`.
 */
export async function signInWithPassword(
  serverUrl: string,
  email: string,
  password: string,
  fetchImpl: typeof fetch = fetch,
): Promise<Result<SignInOutcome>> {
  try {
    const res = await fetchImpl(`${serverUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': desktopUserAgent() },
      body: JSON.stringify({ email, password }),
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS * 2),
    });
    const body = (await res.json().catch(() => null)) as {
      message?: string;
      twoFactorRedirect?: boolean;
    } | null;
    if (!res.ok) return { ok: false, message: body?.message || 'Sign in failed. Please try again.' };
    if (body?.twoFactorRedirect) {
      const challenge = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!.trim())
        .filter((c) => /^(__Secure-)?[\w.-]*two_factor=./.test(c))
        .join('; ');
      if (!challenge)
        return { ok: false, message: 'The server did not start the code step. Please try again.' };
      return { ok: true, value: { challenge } };
    }
    const token = res.headers.get('set-auth-token');
    if (!token) return { ok: false, message: 'The server did not return a session token.' };
    return { ok: true, value: { token } };
  } catch {
    return { ok: false, message: `Could not reach the server at ${serverUrl}.` };
  }
}

/** A refusal of the code step; `restart`: the challenge is spent, so sign in again with the password. */
export type CodeRefusal = { ok: false; message: string; restart?: boolean };

/**
 * The code step: a 6-digit code from the authenticator app (verify-totp) or a backup code
 * (verify-backup-code), sent with the challenge cookie. The bearer plugin returns the new session's
 * token in `set-auth-token`. A request with a cookie must name the site's origin (api
 * security/origin.ts and better-auth both check it): the chosen server's, which is the site's own
 * address (SITE_URL) when the app points at the site.
 */
export async function verifyTwoFactorOnServer(
  serverUrl: string,
  challenge: string,
  code: string,
  fetchImpl: typeof fetch = fetch,
): Promise<{ ok: true; value: string } | CodeRefusal> {
  const digits = code.replace(/\s/g, '');
  const totp = /^\d{6}$/.test(digits);
  try {
    const res = await fetchImpl(
      `${serverUrl}/api/auth/two-factor/${totp ? 'verify-totp' : 'verify-backup-code'}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: challenge,
          origin: new URL(serverUrl).origin,
          'user-agent': desktopUserAgent(),
        },
        body: JSON.stringify({ code: totp ? digits : code.trim() }),
        redirect: 'manual',
        signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS * 2),
      },
    );
    const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
    if (res.ok) {
      const token = res.headers.get('set-auth-token');
      return token
        ? { ok: true, value: token }
        : { ok: false, message: 'The server did not return a session token.' };
    }
    const why = body?.code ?? '';
    if (why === 'INVALID_TWO_FACTOR_COOKIE')
      return { ok: false, restart: true, message: 'That sign-in took too long. Please sign in again.' };
    if (why === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE')
      return { ok: false, restart: true, message: 'Too many wrong codes. Please sign in again.' };
    if (res.status === 429 || why === 'ACCOUNT_TEMPORARILY_LOCKED')
      return { ok: false, message: 'Too many tries. Please wait a few minutes and try again.' };
    if (why === 'INVALID_CODE')
      return { ok: false, message: 'That code is not right. Check the app and try again.' };
    if (why === 'INVALID_BACKUP_CODE')
      return { ok: false, message: 'That backup code is not right, or it was used already.' };
    if (res.status === 403)
      return {
        ok: false,
        restart: true,
        message: `The server refused the code step from ${serverUrl}. Use the site's own address as the server address.`,
      };
    return { ok: false, message: body?.message || 'The code could not be checked. Please try again.' };
  } catch {
    return { ok: false, message: `Could not reach the server at ${serverUrl}.` };
  }
}

/** Ends the session on the server; the local token is cleared whatever the answer. */
export async function signOutOnServer(serverUrl: string, token: string, fetchImpl: typeof fetch = fetch) {
  await fetchImpl(`${serverUrl}/api/auth/sign-out`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
    signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
  }).catch(() => undefined);
}
