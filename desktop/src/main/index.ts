import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, type BrowserWindow, Menu, shell } from 'electron';
import { CHANNELS } from '../shared/bridge';
import { registerIpc } from './ipc';
import { menuTemplate } from './menu';
import { PreviewWindows } from './preview';
import { appEntryUrl } from './security';
import { SettingsStore } from './settings';
import { TokenStore } from './token-store';
import { createMainWindow } from './window';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererIndex = path.join(here, '../renderer/index.html');
const preloadPath = path.join(here, '../preload/index.cjs');
// Set by `electron-vite dev` only; a packaged app always loads its own file.
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;

// One instance: a second launch focuses the first window.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let win: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });

  // No other page may ever get a window or webview, whatever the renderer does.
  app.on('web-contents-created', (_e, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });

  void app.whenReady().then(() => {
    const settings = new SettingsStore(path.join(app.getPath('userData'), 'settings.json'));
    const tokens = new TokenStore(settings);
    const entryUrl = appEntryUrl(rendererIndex, devServerUrl);
    const previews = new PreviewWindows({
      serverUrl: () => settings.get().serverUrl,
      token: () => tokens.get(),
    });
    registerIpc({ settings, tokens, entryUrl, onSignedOut: () => previews.signedOut() });

    const send = (channel: string, ...args: unknown[]) => win?.webContents.send(channel, ...args);
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate({
          appName: app.name,
          isMac: process.platform === 'darwin',
          selectTab: (tab) => send(CHANNELS.menuTab, tab),
          openSettings: () => send(CHANNELS.menuSettings),
          signOut: () => send(CHANNELS.menuSignOut),
          openWebsite: () => {
            const server = settings.get().serverUrl;
            if (server) void shell.openExternal(server);
          },
        }),
      ),
    );

    win = createMainWindow({
      settings,
      entryUrl,
      preloadPath,
      rendererIndex,
      devServerUrl,
      openPreview: (url) => previews.open(url),
    });
    win.on('closed', () => {
      win = null;
      // Previews belong to the main window: they close with it (and the app then quits).
      previews.closeAll();
    });
  });

  // Tray-free: closing the window ends the app, on every platform.
  app.on('window-all-closed', () => app.quit());
}
