import { z } from 'zod';
import { MAX_DB_ID } from './common';

/**
 * Keyset paging (issue 43): a cursor is the position just after a page's last item, its sort key `k`
 * and its id (the tie-breaker), sent as base64url JSON. Clients pass it back as they got it
 * (X-Next-Cursor); the server reads the next page from the index at that position, so page 50,000
 * costs what page 1 does, where OFFSET walked every skipped row.
 */
export interface CursorPosition {
  /** The sort key: an instant (UTC, microseconds, as PostgreSQL keeps it) or a title. */
  k: string;
  id: number;
}

/** Long enough for a title key (its JSON escapes included), short enough to refuse junk early. */
const MAX_CURSOR_CHARS = 4096;
const INVALID = 'Not a valid cursor';

/** A timestamp as the server writes it in a cursor: `2026-01-31T08:00:00.123456Z`. */
const INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{1,6})?Z$/;
/** True for a real instant of that form: "2026-02-30T…" or "…T25:00:00Z" is not one. */
export function isCursorInstant(k: string): boolean {
  const m = INSTANT.exec(k);
  if (!m) return false;
  const t = Date.parse(`${m[1]}Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 19) === m[1];
}

// base64url and UTF-8 by hand: shared/ runs without Node's Buffer and the DOM's atob.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function utf8(s: string): number[] {
  const e = encodeURIComponent(s);
  const out: number[] = [];
  for (let i = 0; i < e.length; i++) {
    if (e[i] === '%') {
      out.push(Number.parseInt(e.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(e.charCodeAt(i));
  }
  return out;
}

export function encodeCursor(p: CursorPosition): string {
  const b = utf8(JSON.stringify({ k: p.k, id: p.id }));
  let out = '';
  for (let i = 0; i < b.length; i += 3) {
    const n = (b[i]! << 16) | ((b[i + 1] ?? 0) << 8) | (b[i + 2] ?? 0);
    const chars = i + 1 >= b.length ? 2 : i + 2 >= b.length ? 3 : 4;
    for (let j = 0; j < chars; j++) out += ALPHABET[(n >> (18 - 6 * j)) & 63];
  }
  return out;
}

/** The JSON inside a cursor, or undefined when it is not base64url of UTF-8 JSON. */
function decodeCursor(s: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(s) || s.length % 4 === 1) return undefined;
  let hex = '';
  for (let i = 0; i < s.length; i += 4) {
    const part = s.slice(i, i + 4);
    let n = 0;
    for (let j = 0; j < 4; j++) n = (n << 6) | (j < part.length ? ALPHABET.indexOf(part[j]!) : 0);
    for (let j = 0; j < part.length - 1; j++)
      hex += `%${((n >> (16 - 8 * j)) & 255).toString(16).padStart(2, '0')}`;
  }
  try {
    return JSON.parse(decodeURIComponent(hex));
  } catch {
    return undefined; // not UTF-8, or not JSON
  }
}

const position = z.strictObject(
  {
    k: z.string({ error: INVALID }).min(1, INVALID).max(2000, INVALID),
    id: z.number({ error: INVALID }).int(INVALID).positive(INVALID).max(MAX_DB_ID, INVALID),
  },
  { error: INVALID },
);

/** A cursor of any sort; the route checks its key's type against the sort (dateCursor, admin lists). */
export const listCursor = z
  .string()
  .max(MAX_CURSOR_CHARS, INVALID)
  .transform((s, ctx) => {
    const raw = decodeCursor(s);
    if (raw === undefined) {
      ctx.addIssue({ code: 'custom', message: INVALID });
      return z.NEVER;
    }
    return raw;
  })
  .pipe(position);

/** A cursor of a newest-first list: its key is an instant. */
export const dateCursor = listCursor.refine((p) => isCursorInstant(p.k), INVALID);
