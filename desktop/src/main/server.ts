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

/** better-auth email sign-in; the bearer plugin returns the session token in `set-auth-token`. */
export async function signInWithPassword(
  serverUrl: string,
  email: string,
  password: string,
  fetchImpl: typeof fetch = fetch,
): Promise<Result<string>> {
  try {
    const res = await fetchImpl(`${serverUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS * 2),
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      return { ok: false, message: body?.message || 'Sign in failed. Please try again.' };
    }
    const token = res.headers.get('set-auth-token');
    if (!token) return { ok: false, message: 'The server did not return a session token.' };
    return { ok: true, value: token };
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
