import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { electronModule, fake } from './support/fake-electron';

type Listener = (...args: unknown[]) => void;

// A BrowserWindow stand-in that records what the app asks of it.
class FakeWindow {
  static last: FakeWindow;
  options: Record<string, unknown>;
  windowOpen: ((d: { url: string }) => { action: string }) | null = null;
  headersHook: ((d: unknown, cb: (r: unknown) => void) => void) | null = null;
  events = new Map<string, Listener>();
  loaded: string | null = null;
  bounds = { x: 10, y: 20, width: 1111, height: 777 };
  maximized = false;
  webContents = {
    setWindowOpenHandler: (fn: FakeWindow['windowOpen']) => {
      this.windowOpen = fn;
    },
    on: (event: string, fn: Listener) => this.events.set(`wc:${event}`, fn),
    session: {
      webRequest: {
        onHeadersReceived: (fn: FakeWindow['headersHook']) => {
          this.headersHook = fn;
        },
      },
    },
  };
  constructor(options: Record<string, unknown>) {
    this.options = options;
    FakeWindow.last = this;
  }
  once(event: string, fn: Listener) {
    this.events.set(event, fn);
  }
  on(event: string, fn: Listener) {
    this.events.set(event, fn);
  }
  maximize() {
    this.maximized = true;
  }
  isMaximized() {
    return this.maximized;
  }
  isMinimized() {
    return false;
  }
  isDestroyed() {
    return false;
  }
  getNormalBounds() {
    return this.bounds;
  }
  show() {}
  async loadFile(f: string) {
    this.loaded = pathToFileURL(f).href;
  }
  async loadURL(u: string) {
    this.loaded = u;
  }
}

vi.mock('electron', () => ({
  ...electronModule,
  BrowserWindow: FakeWindow,
  screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
}));

const { createMainWindow } = await import('../src/main/window');
const { SettingsStore } = await import('../src/main/settings');

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function open(saved?: Parameters<InstanceType<typeof SettingsStore>['update']>[0]) {
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

  it('reopens at the remembered size, place and maximised state, and saves them on close', () => {
    const { win, settings } = open({ bounds: { x: 40, y: 30, width: 1000, height: 700, maximized: true } });
    expect(win.options).toMatchObject({ x: 40, y: 30, width: 1000, height: 700 });
    expect(win.maximized).toBe(true);
    win.bounds = { x: 5, y: 6, width: 1400, height: 900 };
    win.events.get('close')?.();
    expect(settings.get().bounds).toEqual({ x: 5, y: 6, width: 1400, height: 900, maximized: true });
  });
});
