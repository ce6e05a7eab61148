import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { fetchPictureBytes } from '../src/rss/feed-pictures';

describe('tests send nothing off the machine (loopback-only.ts)', () => {
  it('a name other than localhost fails before any DNS query, through node:http and the safe fetch alike', async () => {
    const error = await new Promise<Error & { code?: string }>((resolve) => {
      http
        .get('http://cdn.greenfingers.example/photo.jpg', () => resolve(new Error('answered')))
        .on('error', resolve);
    });
    expect(error.code).toBe('ENOTFOUND');
    expect(error.message).toContain('tests resolve loopback only');
    await expect(
      fetchPictureBytes('https://images.example.org/a.jpg', {
        timeoutMs: 5_000,
        maxBytes: 1_000,
        maxRedirects: 0,
        allowPrivate: false,
      }),
    ).rejects.toMatchObject({ kind: 'unreachable' });
  });
});
