/**
 * Why a feed failed, as a kind the run can explain in plain words. The raw message stays the
 * detail an editor can open; `explainFeedError` is the one place the plain words are written.
 */
export type FeedErrorKind =
  | 'timeout'
  | 'unreachable'
  | 'private-address'
  | 'http-status'
  | 'redirects'
  | 'too-large'
  | 'incomplete'
  | 'invalid-url'
  | 'scheme'
  | 'not-a-feed'
  | 'entities'
  | 'recipes';

export class FeedError extends Error {
  constructor(
    readonly kind: FeedErrorKind,
    message: string,
  ) {
    super(message);
  }
}
export class FeedFetchError extends FeedError {}
export class FeedParseError extends FeedError {}

/** What an editor reads for a failed feed. `raw` is the stored detail; numbers come from it. */
export function explainFeedError(kind: FeedErrorKind | undefined, raw: string): string {
  switch (kind) {
    case 'timeout': {
      const ms = Number(/(\d+)\s*ms/.exec(raw)?.[1]);
      return Number.isFinite(ms) ? `Timed out after ${formatSeconds(ms)}` : 'Timed out';
    }
    case 'unreachable':
      return "Could not reach the feed's server";
    case 'private-address':
      return 'Refused: the address is private or local';
    case 'http-status': {
      const status = /HTTP (\d{3})/.exec(raw)?.[1];
      return status ? `The server answered ${status}` : 'The server answered with an error';
    }
    case 'redirects':
      return 'Too many redirects';
    case 'too-large':
      return `The feed is too large (${/larger than (.+)$/.exec(raw)?.[1] ?? 'over the limit'})`;
    case 'incomplete':
      return 'The server closed the connection before the feed was complete';
    case 'invalid-url':
      return 'Not a valid web address';
    case 'scheme':
      return 'Only http and https addresses can be imported';
    case 'not-a-feed':
      return 'Not a feed';
    case 'entities':
      return 'Refused: the feed declares XML entities (unsafe)';
    case 'recipes':
      return 'Articles imported, but the themed recipes failed';
    default:
      return 'The import of this feed failed';
  }
}

const formatSeconds = (ms: number) => {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
};

/** Kind and plain words for any thrown value (unknown errors keep their message as the detail). */
export function describeFeedError(err: unknown): {
  kind: FeedErrorKind | null;
  error: string;
  problem: string;
} {
  const raw = ((err as Error)?.message || String(err) || 'Failed').slice(0, 300);
  const kind = err instanceof FeedError ? err.kind : null;
  return { kind, error: raw, problem: explainFeedError(kind ?? undefined, raw) };
}
