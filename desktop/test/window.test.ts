import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { electronModule, FakeWindow, fake } from './support/fake-electron';

vi.mock('electron', () => ({
  ...electronModule,
  screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
}));

const { createMainWindow } = await import('../src/main/window');
const { SettingsStore } = await import('../src/main/settings');

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function open(
  saved?: Parameters<InstanceType<typeof SettingsStore>['update']>[0],
  openPreview?: (url: string) => boolean,
) {
  fake.reset();
  vi.clearAllMocks();
  dir = mkdtempSync(path.join(tmpdir(), 'desktop-win-'));
  const settings = new SettingsStore(path.join(dir, 'settings.json'));
  if (saved) settings.update(saved);
  const rendererIndex = path.join(dir, 'out/renderer/index.html');
  const entryUrl = pathToFileURL(rendererIndex).href;
  createMainWindow({
    settings,
    entryUrl,
    rendererIndex,
    preloadPath: path.join(dir, 'out/preload/index.cjs'),
    openPreview,
  });
  return { win: FakeWindow.last, settings, entryUrl };
}

describe('the main window', () => {
  it('isolates the page: contextIsolation and sandbox on, no Node, no webviews, the preload bridge only', () => {
    const { win, entryUrl } = open();
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
    });
    expect(String((win.options.webPreferences as { preload: string }).preload)).toMatch(
      /preload[/\\]index\.cjs$/,
    );
    expect(win.loaded).toBe(entryUrl);
  });

  it('denies every new window; http(s) links go to the system browser, others nowhere', () => {
    const { win } = open();
    expect(win.windowOpen?.({ url: 'https://bloom.example/articles/a' })).toEqual({ action: 'deny' });
    expect(win.windowOpen?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(fake.opened).toEqual(['https://bloom.example/articles/a']);
  });

  it('hands a new window to openPreview first; what it does not take follows the usual rules', () => {
    const openPreview = vi.fn((url: string) => url.endsWith('/admin/preview/7'));
    const { win } = open(undefined, openPreview);
    expect(win.windowOpen?.({ url: 'https://bloom.example/admin/preview/7' })).toEqual({ action: 'deny' });
    expect(fake.opened).toEqual([]);
    expect(win.windowOpen?.({ url: 'https://bloom.example/articles/a' })).toEqual({ action: 'deny' });
    expect(openPreview).toHaveBeenCalledTimes(2);
    expect(fake.opened).toEqual(['https://bloom.example/articles/a']);
  });

  it('blocks navigation away from the app page', () => {
    const { win, entryUrl } = open();
    const nav = win.events.get('wc:will-navigate') as (
      e: { preventDefault: () => void },
      url: string,
    ) => void;
    const stay = { preventDefault: vi.fn() };
    nav(stay, `${entryUrl}#/admin`);
    expect(stay.preventDefault).not.toHaveBeenCalled();
    for (const url of ['https://evil.example/', 'file:///etc/passwd']) {
      const e = { preventDefault: vi.fn() };
      nav(e, url);
      expect(e.preventDefault).toHaveBeenCalled();
    }
    expect(fake.opened).toEqual(['https://evil.example/']);
  });

  it('asks before a page with unsaved changes is closed or reloaded; only "Leave" lets it go', () => {
    const { win } = open();
    const unload = win.events.get('wc:will-prevent-unload') as (e: { preventDefault: () => void }) => void;
    const stay = { preventDefault: vi.fn() };
    fake.messageBoxChoice = 1;
    unload(stay);
    expect(stay.preventDefault).not.toHaveBeenCalled();
    const leave = { preventDefault: vi.fn() };
    fake.messageBoxChoice = 0;
    unload(leave);
    expect(leave.preventDefault).toHaveBeenCalled();
    expect(electronModule.dialog.showMessageBoxSync).toHaveBeenLastCalledWith(
      win,
      expect.objectContaining({
        message: 'You have unsaved changes. Leave without saving?',
        buttons: ['Leave', 'Stay'],
        cancelId: 1,
      }),
    );
  });

  it('reopens at the remembered size, place and maximised state, and saves them on close', () => {
    const { win, settings } = open({ bounds: { x: 40, y: 30, width: 1000, height: 700, maximized: true } });
    expect(win.options).toMatchObject({ x: 40, y: 30, width: 1000, height: 700 });
    expect(win.maximized).toBe(true);
    win.bounds = { x: 5, y: 6, width: 1400, height: 900 };
    win.events.get('close')?.();
    expect(settings.get().bounds).toEqual({ x: 5, y: 6, width: 1400, height: 900, maximized: true });
  });
});
