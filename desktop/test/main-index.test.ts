import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../src/shared/bridge';
import { electronModule, FakeSession, FakeWindow, fake, invoke, ipcEvent } from './support/fake-electron';

vi.mock('electron', () => ({
  ...electronModule,
  screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
}));

// A closed loopback port: sign-out's call to the server fails at once, as when offline.
const server = 'http://127.0.0.1:9';
const preview = `${server}/admin/preview/3`;
let main: FakeWindow;
let PREVIEW_PARTITION: string;

// The app as main/index.ts puts it together, started with a saved server and session.
beforeAll(async () => {
  fake.reset();
  fake.userData = mkdtempSync(path.join(tmpdir(), 'desktop-index-'));
  const encryptedToken = electronModule.safeStorage.encryptString('tok-9').toString('base64');
  writeFileSync(
    path.join(fake.userData, 'settings.json'),
    JSON.stringify({ serverUrl: server, encryptedToken }),
  );
  ({ PREVIEW_PARTITION } = await import('../src/main/preview'));
  await import('../src/main/index');
  await new Promise((r) => setTimeout(r, 0));
  main = FakeWindow.all[0] as FakeWindow;
});
afterAll(() => rmSync(fake.userData, { recursive: true, force: true }));

const appPage = () =>
  ipcEvent(pathToFileURL(path.join(import.meta.dirname, '../src/renderer/index.html')).href);

describe('Preview as the app wires it', () => {
  it("the editor's Preview link opens a window signed in with the saved token", () => {
    expect(main.windowOpen?.({ url: preview })).toEqual({ action: 'deny' });
    expect(fake.opened).toEqual([]);
    expect(FakeWindow.last.loaded).toBe(preview);
    expect(FakeSession.from(PREVIEW_PARTITION).send(preview)).toEqual({ Authorization: 'Bearer tok-9' });
  });

  it('Sign Out closes the previews, clears their partition and stops the token', async () => {
    const win = FakeWindow.last;
    expect(await invoke(CHANNELS.signOut, appPage())).toMatchObject({ signedIn: false });
    expect(win.destroyed).toBe(true);
    expect(FakeSession.from(PREVIEW_PARTITION).cleared.sort()).toEqual(['cache', 'storage']);
    expect(FakeSession.from(PREVIEW_PARTITION).send(preview)).toEqual({});
  });

  it('previews close with the main window', () => {
    main.windowOpen?.({ url: preview });
    main.windowOpen?.({ url: `${server}/admin/preview/4` });
    const previews = FakeWindow.all.slice(-2);
    expect(previews.map((w) => w.destroyed)).toEqual([false, false]);
    main.close();
    expect(previews.map((w) => w.destroyed)).toEqual([true, true]);
  });
});
