// The shape of a cached answer, shared by the store (cache.ts) and the response builder
// (cached-response.ts) without either importing the other.

export interface CachedEntry {
  status: number;
  headers: [string, string][];
  /** Shared by every hit: a Uint8Array body takes @hono/node-server's direct write path, no copy. */
  body: Uint8Array<ArrayBuffer>;
  /** Surrogate keys of what it shows (lib/cache/surrogate-keys.ts); none = cleared by every write. */
  keys?: readonly string[];
  /**
   * The anonymous answer of a read that shows signed-in readers more (recipe and product lists):
   * never served to a request that carries a session (fast-path.ts).
   */
  anonymousOnly?: boolean;
}
