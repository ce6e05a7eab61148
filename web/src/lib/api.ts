/** Error of a non-OK response; message is "{status}: {body text}" (spec §8). */
/**
 * The HTTP status behind a query error, also after the server render handed it to the browser
 * (JSON keeps an HttpError's `status` but not its class, so `instanceof` fails there).
 */
export const httpStatus = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The JSON `message` field of the body, when there is one. */
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

/** How the app reaches the API: the browser's fetch, or the server's in-process call during SSR. */
export type Fetcher = (path: string, init?: RequestInit) => Promise<Response>;

export const browserFetcher: Fetcher = (path, init) => fetch(path, { credentials: 'include', ...init });

export async function throwIfNotOk(res: Response): Promise<Response> {
  if (res.ok) return res;
  const text = (await res.text().catch(() => '')) || res.statusText;
  let serverMessage: string | undefined;
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') serverMessage = body.message;
  } catch {
    /* not JSON */
  }
  throw new HttpError(res.status, `${res.status}: ${text}`, serverMessage);
}

/** Send JSON only when there is a payload (spec §7); parse JSON back (204 → null). */
export async function apiRequest<T>(
  fetcher: Fetcher,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    init.headers = { 'content-type': 'application/json', ...headers };
    init.body = JSON.stringify(body);
  }
  const res = await throwIfNotOk(await fetcher(path, init));
  if (res.status === 204) return null as T;
  return (await res.json()) as T;
}

/** Query keys are [path] or [path, params]: the key is the URL (spec §7 convention). */
export function keyToUrl(queryKey: readonly unknown[]): string {
  const [path, params] = queryKey as [string, Record<string, unknown> | undefined];
  if (!params) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}
