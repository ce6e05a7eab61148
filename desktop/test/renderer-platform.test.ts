import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVALID_TYPE } from '../src/main/image-file';
import { bridgeFetcher, desktopPlatform, type PickError } from '../src/renderer/src/platform';
import type { BloomBridge, Result, WireRequest, WireResponse } from '../src/shared/bridge';

const fixture = path.join(import.meta.dirname, 'fixtures/rose-64x48.png');

function bridgeWith(over: Partial<BloomBridge>): BloomBridge {
  const none = () => Promise.reject(new Error('not used'));
  return {
    getState: none,
    setServer: none,
    signIn: none,
    verifyTwoFactor: none,
    signOut: none,
    apiRequest: none,
    pickImage: none,
    readDroppedImage: none,
    openExternal: none,
    onMenuTab: () => () => undefined,
    onMenuSettings: () => () => undefined,
    onMenuSignOut: () => () => undefined,
    ...over,
  };
}

const reply = (status: number, body: string, headers: [string, string][] = []): Result<WireResponse> => ({
  ok: true,
  value: { status, statusText: '', headers, body: new Uint8Array(Buffer.from(body)) },
});

describe('the desktop adapter (AdminPlatform) in the renderer', () => {
  it('sends a multipart upload through the bridge with the file bytes and name intact', async () => {
    const sent: WireRequest[] = [];
    const fetcher = bridgeFetcher(
      bridgeWith({
        apiRequest: async (req) => {
          sent.push(req);
          return reply(200, '{"imageUrl":"http://x/uploads/a.webp"}', [['content-type', 'application/json']]);
        },
      }),
    );
    const png = new Uint8Array(await readFile(fixture));
    const form = new FormData();
    form.append('image', new File([png], 'rose.png', { type: 'image/png' }));
    form.append('category', 'skincare');
    const res = await fetcher('/api/upload', { method: 'post', body: form });
    expect(await res.json()).toEqual({ imageUrl: 'http://x/uploads/a.webp' });
    expect(sent[0]).toMatchObject({ path: '/api/upload', method: 'POST' });
    const body = sent[0]?.body as Extract<WireRequest['body'], { kind: 'form' }>;
    expect(body.fields[0]).toMatchObject({ name: 'image', filename: 'rose.png', type: 'image/png' });
    expect(Buffer.from((body.fields[0] as { data: Uint8Array }).data).equals(Buffer.from(png))).toBe(true);
    expect(body.fields[1]).toEqual({ name: 'category', value: 'skincare' });
  });

  it('gives the admin module real Responses: JSON errors keep their status, 204 has no body', async () => {
    const answers = [reply(403, '{"message":"Admin access required"}'), reply(204, '')];
    const fetcher = bridgeFetcher(bridgeWith({ apiRequest: async () => answers.shift() ?? reply(500, '') }));
    const denied = await fetcher('/api/admin/users', { method: 'GET' });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ message: 'Admin access required' });
    const gone = await fetcher('/api/content/1', { method: 'DELETE' });
    expect(gone.status).toBe(204);
    expect(await gone.text()).toBe('');
  });

  it('"Reply via Email" opens the mail app through the bridge', async () => {
    const opened: string[] = [];
    const platform = desktopPlatform(
      bridgeWith({
        openExternal: async (u) => {
          opened.push(u);
        },
      }),
      'http://x',
      { signIn: () => undefined, goHome: () => undefined, refuse: () => undefined },
    ) as { openMail?: (m: string) => void };
    platform.openMail?.('mailto:lou@example.com?subject=Re%3A%20Hi');
    expect(opened).toEqual(['mailto:lou@example.com?subject=Re%3A%20Hi']);
  });

  it('an unreachable server fails like fetch does (TypeError with the message)', async () => {
    const fetcher = bridgeFetcher(
      bridgeWith({
        apiRequest: async () => ({ ok: false, message: 'Could not reach the server at http://x.' }),
      }),
    );
    await expect(fetcher('/api/auth/user')).rejects.toThrow(
      new TypeError('Could not reach the server at http://x.'),
    );
  });

  it('pickImage: a file as a File, cancel as null, a refused file reported as "Invalid file type" and no file', async () => {
    const png = new Uint8Array(await readFile(fixture));
    const answers: Array<Awaited<ReturnType<BloomBridge['pickImage']>>> = [
      { ok: true, value: { name: 'rose.png', type: 'image/png', size: png.length, data: png } },
      { ok: true, value: null },
      { ok: false, message: INVALID_TYPE },
    ];
    const refused: PickError[] = [];
    const platform = desktopPlatform(
      bridgeWith({ pickImage: async () => answers.shift() ?? { ok: true, value: null } }),
      'http://127.0.0.1:3000',
      { signIn: () => undefined, goHome: () => undefined, refuse: (e) => refused.push(e) },
    );
    expect(platform).toMatchObject({ kind: 'desktop', apiBase: 'http://127.0.0.1:3000' });
    const picked = await platform.pickImage?.();
    expect(picked).toMatchObject({ name: 'rose.png', type: 'image/png', size: png.length });
    expect(picked?.data).toBeInstanceOf(File);
    expect(await platform.pickImage?.()).toBeNull();
    expect(refused).toEqual([]);
    expect(await platform.pickImage?.()).toBeNull();
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      title: 'Invalid file type',
      description: 'Please upload a JPEG, PNG, GIF, or WebP image.',
    });
  });
});
