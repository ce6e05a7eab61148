/**
 * Text from outside (an upstream error body, a feed's title, a CSP report, a header) before it goes
 * into a log line: anything shaped like a key or a token is replaced, control characters are escaped
 * so the text cannot forge a line in a plain-text log, and the length is capped.
 */

const SECRET_SHAPES: RegExp[] = [
  // OpenAI-style and similar prefixed keys: sk-…, sk-proj-…, rk_live_…, ghp_…, xoxb-…
  /\b(?:sk|rk|pk)[-_](?:live[-_]|test[-_]|proj[-_])?[A-Za-z0-9_-]{6,}/g,
  /\b(?:gh[pousr]|github_pat|xox[abpr]|AKIA|ASIA)[A-Za-z0-9_-]{8,}/g,
  // JSON Web Tokens
  /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g,
  // "Bearer xyz", "token=xyz", "api_key: xyz", "password=xyz", "secret xyz"
  /\b((?:bearer|basic)\s+)[A-Za-z0-9._~+/=-]{6,}/gi,
  /\b((?:api[-_]?key|access[-_]?token|refresh[-_]?token|token|secret|password|passwd|session|sig|signature|key)["']?\s*[:=]\s*["']?)[^\s"'&,;]{4,}/gi,
  // user:password@ in URLs
  /(\/\/[^/\s:@]+:)[^/\s@]+@/g,
  // Long runs that look random (hex, base64, base64url): 24+ characters with a digit and a letter.
  /\b(?=[A-Za-z0-9+/_-]*\d)(?=[A-Za-z0-9+/_-]*[A-Za-z])[A-Za-z0-9+/_-]{24,}={0,2}/g,
];

export const REDACTED = '[redacted]';

/** Replace anything shaped like a secret; keep the words around it so the line still explains itself. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const shape of SECRET_SHAPES) {
    out = out.replace(shape, (_whole, keep?: string) =>
      typeof keep === 'string' && /[:=@\s]$/.test(keep) ? `${keep}${REDACTED}` : REDACTED,
    );
  }
  return out;
}

/** Escape C0/C1 controls and line separators: one outside text can never start a new log line. */
export function escapeControls(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escaping them is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (ch) => {
    if (ch === '\n') return '\\n';
    if (ch === '\r') return '\\r';
    if (ch === '\t') return '\\t';
    return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** Outside text as it may appear in a log: secrets removed, controls escaped, at most `max` characters. */
export function outsideText(text: unknown, max = 300): string {
  const raw = typeof text === 'string' ? text : text == null ? '' : String(text);
  const clipped = raw.length > max * 2 ? raw.slice(0, max * 2) : raw;
  const safe = escapeControls(redactSecrets(clipped));
  return safe.length > max ? `${safe.slice(0, max)}…` : safe;
}

/** Paths that carry a secret in a segment (one-time links): the segment is never logged. */
const SECRET_PATH_SEGMENTS: RegExp[] = [
  /^((?:\/api)?\/setup\/)[^/]+/,
  // The newsletter's confirmation, one-click unsubscribe and preferences links (issue 30).
  /^((?:\/api)?\/newsletter\/(?:confirm|unsubscribe|manage|preferences)\/)[^/]+/,
  // Staff invitations (issue 42 §6): the page and the API.
  /^(\/invitation\/|\/api\/invitations\/)[^/]+/,
];

/** A request path as it may appear in a log line: one-time tokens replaced, controls escaped, capped. */
export function loggablePath(path: string): string {
  let out = path;
  for (const re of SECRET_PATH_SEGMENTS) out = out.replace(re, `$1${REDACTED}`);
  return escapeControls(out.length > 512 ? `${out.slice(0, 512)}…` : out);
}
