import path from 'node:path';
import { LEAVE_QUESTION } from '@site/shared';
import { BrowserWindow, dialog, screen, shell } from 'electron';
import {
  adjustResponseHeaders,
  isAppUrl,
  LOCKED_WEB_PREFERENCES,
  isExternalWebUrl,
  isMailto,
} from './security';
import type { SettingsStore, WindowBounds } from './settings';

const DEFAULT_BOUNDS: WindowBounds = { width: 1280, height: 860 };

/** Saved bounds are used only if they still fall on a connected display. */
export function restoreBounds(saved: WindowBounds | null, displays: Array<{ workArea: Electron.Rectangle }>) {
  if (!saved) return DEFAULT_BOUNDS;
  if (saved.x === undefined || saved.y === undefined) return { width: saved.width, height: saved.height };
  const { x, y } = saved;
  const visible = displays.some(
    ({ workArea: w }) =>
      x >= w.x - 50 && y >= w.y - 50 && x < w.x + w.width - 100 && y < w.y + w.height - 100,
  );
  return visible ? saved : { width: saved.width, height: saved.height };
}

export function createMainWindow(opts: {
  settings: SettingsStore;
  entryUrl: string;
  preloadPath: string;
  rendererIndex: string;
  devServerUrl?: string;
  /** Shows an article preview of the chosen server in an app window; false for any other URL (main/preview.ts). */
  openPreview?: (url: string) => boolean;
}) {
  const { settings, entryUrl } = opts;
  const bounds = restoreBounds(settings.get().bounds, screen.getAllDisplays());
  const win = new BrowserWindow({
    ...bounds,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Bloom & Balance Admin',
    autoHideMenuBar: false,
    webPreferences: {
      ...LOCKED_WEB_PREFERENCES,
      preload: opts.preloadPath,
      spellcheck: true,
    },
  });
  if (settings.get().bounds?.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());

  // The policy also travels as a header where the page is served over http (dev server).
  win.webContents.session.webRequest.onHeadersReceived((details, callback) => {
    const ctx = { entryUrl, serverUrl: settings.get().serverUrl, dev: Boolean(opts.devServerUrl) };
    const responseHeaders = adjustResponseHeaders(details, ctx);
    callback(responseHeaders ? { responseHeaders } : {});
  });

  // Nothing but the app itself is ever shown in the window; web links go to the system browser.
  win.webContents.setWindowOpenHandler(({ url }) => {
    // The editor's Preview link: the system browser is not signed in, an app window is.
    if (opts.openPreview?.(url)) return { action: 'deny' };
    if (isExternalWebUrl(url) || isMailto(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (isAppUrl(url, entryUrl)) return;
    event.preventDefault();
    if (isExternalWebUrl(url) || isMailto(url)) void shell.openExternal(url);
  });
  win.webContents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, entryUrl)) event.preventDefault();
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  // An admin form with unsaved changes holds the page (beforeunload). Electron asks nothing by itself
  // (the window would just refuse to close or reload), so ask here; "Leave" lets it go on.
  win.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(win, {
      type: 'question',
      buttons: ['Leave', 'Stay'],
      defaultId: 1,
      cancelId: 1,
      message: LEAVE_QUESTION,
    });
    if (choice === 0) event.preventDefault();
  });

  const saveBounds = () => {
    if (win.isDestroyed() || win.isMinimized()) return;
    const maximized = win.isMaximized();
    // The restored size and place, so un-maximising after the next start looks as before.
    const b = win.getNormalBounds();
    settings.update({ bounds: { x: b.x, y: b.y, width: b.width, height: b.height, maximized } });
  };
  win.on('close', saveBounds);

  if (opts.devServerUrl) void win.loadURL(opts.devServerUrl);
  else void win.loadFile(path.resolve(opts.rendererIndex));
  return win;
}
