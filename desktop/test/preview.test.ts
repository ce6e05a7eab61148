import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { electronModule, FakeSession, FakeWindow, fake } from './support/fake-electron';

vi.mock('electron', () => ({
  ...electronModule,
  screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
}));

const { PREVIEW_PARTITION, PreviewWindows } = await import('../src/main/preview');
const { createMainWindow } = await import('../src/main/window');
const { SettingsStore } = await import('../src/main/settings');

const server = 'https://bloom.example';
type NavEvent = { preventDefault: () => void };
const navEvent = (): NavEvent => ({ preventDefault: vi.fn() });

let token: string | null;
let previews: InstanceType<typeof PreviewWindows>;
let main: FakeWindow;

// The main window as index.ts wires it: its window-open handler asks the previews first.
beforeEach(() => {
  fake.reset();
  vi.clearAllMocks();
  token = 'tok-123';
  const dir = mkdtempSync(path.join(tmpdir(), 'desktop-preview-'));
  const settings = new SettingsStore(path.join(dir, 'settings.json'));
  settings.update({ serverUrl: server });
  previews = new PreviewWindows({ serverUrl: () => settings.get().serverUrl, token: () => token });
  const rendererIndex = path.join(dir, 'out/renderer/index.html');
  createMainWindow({
    settings,
    entryUrl: pathToFileURL(rendererIndex).href,
    rendererIndex,
    preloadPath: path.join(dir, 'out/preload/index.cjs'),
    openPreview: (url) => previews.open(url),
  });
  main = FakeWindow.last;
  return () => rmSync(dir, { recursive: true, force: true });
});

/** The editor's Preview link (target=_blank), as the main window's page opens it. */
function clickPreview(url = `${server}/admin/preview/7`) {
  return main.windowOpen?.({ url });
}

describe('Preview in the desktop app', () => {
  it('opens the preview in an app window: own partition, sandboxed, isolated, no Node, no preload', () => {
    expect(clickPreview()).toEqual({ action: 'deny' });
    expect(fake.opened).toEqual([]);
    expect(FakeWindow.all).toHaveLength(2);
    const win = FakeWindow.last;
    expect(win.loaded).toBe(`${server}/admin/preview/7`);
    const prefs = win.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      partition: PREVIEW_PARTITION,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(prefs).not.toHaveProperty('preload');
    // In memory only, and not the main window's session.
    expect(PREVIEW_PARTITION).not.toMatch(/^persist:/);
    expect(win.webContents.session).not.toBe(main.webContents.session);
  });

  it("adds the token in the preview partition for the server's origin only", () => {
    clickPreview();
    const ses = FakeSession.from(PREVIEW_PARTITION);
    expect(ses.send(`${server}/admin/preview/7`)).toEqual({ Authorization: 'Bearer tok-123' });
    expect(ses.send(`${server}/api/admin/articles/7/preview`)).toEqual({ Authorization: 'Bearer tok-123' });
    expect(ses.send('https://images.example/rose.jpg')).toEqual({});
    expect(ses.send('https://evil.example/collect', 'GET', { Cookie: 'a=1' })).toEqual({});
    // The main window's session is not touched: its requests never get the hook.
    expect(main.webContents.session.beforeSendHeaders).toBeNull();
    // The token is read at each request: after sign-out nothing is added.
    token = null;
    expect(ses.send(`${server}/admin/preview/7`)).toEqual({});
    // No camera, notifications or the like for an article.
    const granted = vi.fn();
    ses.permissionHandler?.({}, 'notifications', granted);
    expect(granted).toHaveBeenCalledWith(false);
  });

  it('everything that is not a preview of the chosen server still goes to the system browser', () => {
    for (const url of [
      `${server}/articles/morning-rituals`,
      'https://evil.example/admin/preview/7',
      `${server}/admin/preview/0`,
      `${server}/admin/preview/2147483648`,
      `${server}/admin/preview/7?next=https://evil.example`,
    ]) {
      expect(clickPreview(url)).toEqual({ action: 'deny' });
    }
    expect(clickPreview('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(FakeWindow.all).toHaveLength(1);
    expect(fake.opened).toEqual([
      `${server}/articles/morning-rituals`,
      'https://evil.example/admin/preview/7',
      `${server}/admin/preview/0`,
      `${server}/admin/preview/2147483648`,
      `${server}/admin/preview/7?next=https://evil.example`,
    ]);
  });

  it('one window per article: Preview again reloads and focuses it; another article gets its own', () => {
    clickPreview();
    const first = FakeWindow.last;
    clickPreview();
    expect(FakeWindow.all).toHaveLength(2);
    expect(first.loads).toEqual([`${server}/admin/preview/7`, `${server}/admin/preview/7`]);
    expect(first.focused).toBe(1);
    clickPreview(`${server}/admin/preview/8`);
    expect(FakeWindow.all).toHaveLength(3);
    // A closed preview is forgotten: the next Preview opens a fresh window.
    first.close();
    clickPreview();
    expect(FakeWindow.all).toHaveLength(4);
  });

  it('navigation stays on the preview; other links go to the system browser, new windows are denied', () => {
    clickPreview();
    const win = FakeWindow.last;
    const nav = win.wc('will-navigate') as (e: NavEvent, url: string) => void;
    const same = navEvent();
    nav(same, `${server}/admin/preview/7#section`);
    expect(same.preventDefault).not.toHaveBeenCalled();
    for (const url of [
      `${server}/`,
      `${server}/admin/preview/8`,
      'https://shop.example/product',
      'file:///etc/passwd',
    ]) {
      const e = navEvent();
      nav(e, url);
      expect(e.preventDefault).toHaveBeenCalled();
    }
    expect(fake.opened).toEqual([`${server}/`, `${server}/admin/preview/8`, 'https://shop.example/product']);

    const redirect = win.wc('will-redirect') as (e: NavEvent, url: string) => void;
    const away = navEvent();
    redirect(away, 'https://evil.example/');
    expect(away.preventDefault).toHaveBeenCalled();

    fake.opened = [];
    expect(win.windowOpen?.({ url: 'https://source.example/story' })).toEqual({ action: 'deny' });
    expect(win.windowOpen?.({ url: `${server}/admin/preview/7` })).toEqual({ action: 'deny' });
    expect(win.windowOpen?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(fake.opened).toEqual(['https://source.example/story', `${server}/admin/preview/7`]);
    expect(FakeWindow.all).toHaveLength(2);
  });

  it("the site's in-page routing (a Link to /) goes to the system browser and the window returns to the preview", () => {
    clickPreview();
    const win = FakeWindow.last;
    const inPage = win.wc('did-navigate-in-page') as (e: unknown, url: string, isMainFrame: boolean) => void;
    inPage({}, `${server}/admin/preview/7#comments`, true);
    expect(win.loads).toEqual([`${server}/admin/preview/7`]);
    inPage({}, `${server}/`, true);
    expect(fake.opened).toEqual([`${server}/`]);
    expect(win.loads).toEqual([`${server}/admin/preview/7`, `${server}/admin/preview/7`]);
  });

  it('sign-out closes every preview and clears the preview partition, not the main session', async () => {
    clickPreview();
    clickPreview(`${server}/admin/preview/8`);
    const [, a, b] = FakeWindow.all;
    await previews.signedOut();
    expect([a?.destroyed, b?.destroyed]).toEqual([true, true]);
    expect(main.destroyed).toBe(false);
    expect(FakeSession.from(PREVIEW_PARTITION).cleared.sort()).toEqual(['cache', 'storage']);
    expect(main.webContents.session.cleared).toEqual([]);
    clickPreview();
    expect(FakeWindow.all).toHaveLength(4);
  });

  it('closeAll (the main window closed) closes every preview', () => {
    clickPreview();
    clickPreview(`${server}/admin/preview/9`);
    previews.closeAll();
    expect(FakeWindow.all.slice(1).map((w) => w.destroyed)).toEqual([true, true]);
  });
});
