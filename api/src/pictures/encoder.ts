/**
 * The picture encoder: a child process of the server (encoder-client.ts starts it at the lowest CPU
 * priority), so decoding camera photos and encoding their sizes takes only the time readers leave,
 * and its memory (libvips' buffers, fragmented by many threads) is not the server's and goes back
 * when it stops after a quiet spell. It holds no state: each message is one picture's work.
 */
import sharp from 'sharp';
import { encodeRung, reencodeBytes } from './encode';

// One thread: the child is one core's worth of work at most, at the lowest priority.
sharp.concurrency(1);
sharp.cache(false);

export type EncoderJob =
  | { op: 'reencode'; bytes: Uint8Array; animated: boolean }
  | { op: 'rung'; bytes: Uint8Array; width: number; format: 'avif' | 'webp' };
export type EncoderRequest = EncoderJob & { id: number };

export type EncoderReply =
  | { id: number; ok: true; data: Uint8Array; width: number; height: number }
  | { id: number; ok: false; error: string };

process.on('message', async (msg: EncoderRequest) => {
  try {
    const out =
      msg.op === 'reencode'
        ? await reencodeBytes(Buffer.from(msg.bytes), msg.animated)
        : await encodeRung(Buffer.from(msg.bytes), msg.width, msg.format);
    process.send?.({ id: msg.id, ok: true, ...out } satisfies EncoderReply);
  } catch (err) {
    process.send?.({
      id: msg.id,
      ok: false,
      error: (err as Error)?.message ?? 'failed',
    } satisfies EncoderReply);
  }
});
// The server gone (crash, kill -9): nothing to do for anyone.
process.on('disconnect', () => process.exit(0));
