import { useRef } from 'react';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** 128 random bits as hex (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per submission: sending the same content again (a retry after a lost answer)
 * reuses it, so the server stores it once; changed content, or `done()` after a success ("Send
 * Another Message"), gets a new one.
 */
export function useIdempotencyKey() {
  const current = useRef<{ key: string; payload: string } | null>(null);
  return {
    keyFor(payload: string): string {
      if (current.current?.payload !== payload) current.current = { key: newIdempotencyKey(), payload };
      return current.current.key;
    },
    done() {
      current.current = null;
    },
  };
}
