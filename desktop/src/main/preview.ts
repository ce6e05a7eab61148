import { BrowserWindow, session, shell } from 'electron';
import {
  isExternalWebUrl,
  isMailto,
  LOCKED_WEB_PREFERENCES,
  previewArticleId,
  previewRequestHeaders,
} from './security';

/**
 * The preview windows' own session. No `persist:` prefix: it lives in memory only, so a draft leaves
 * nothing on disk, and it shares nothing with the main window's session.
 */
export const PREVIEW_PARTITION = 'bloom-preview';

export interface PreviewDeps {
  /** Read at every request: the chosen server and the current session token. */
  serverUrl: () => string | null;
  token: () => string | null;
}

/**
 * The editor's Preview link (`{server}/admin/preview/{id}`) shown in an app window signed in with the
 * desktop's bearer token: the system browser would show a 404, because the admin is not signed in
 * there. One window per article; the window shows that preview and nothing else.
 */
export class PreviewWindows {
  private readonly windows = new Map<number, BrowserWindow>();
  private hooked = false;

  constructor(private readonly deps: PreviewDeps) {}

  /** Opens (or refreshes and focuses) the preview `url` names; false when it is not a preview of the chosen server. */
  open(url: string): boolean {
    const server = this.deps.serverUrl();
    const id = previewArticleId(url, server);
    if (id === null || !server) return false;
    const previewUrl = `${server}/admin/preview/${id}`;
    const existing = this.windows.get(id);
    if (existing && !existing.isDestroyed()) {
      // Preview again after a save shows the saved version.
      void existing.loadURL(previewUrl);
      if (existing.isMinimized()) existing.restore();
      existing.focus();
      return true;
    }
    this.windows.set(id, this.create(id, server, previewUrl));
    return true;
  }

  /** destroy, not close: no page can keep a preview open (beforeunload) after sign-out. */
  closeAll(): void {
    for (const win of this.windows.values()) if (!win.isDestroyed()) win.destroy();
    this.windows.clear();
  }

  /** Sign-out (or a change of server): no preview stays open, and nothing of one stays in memory. */
  async signedOut(): Promise<void> {
    this.closeAll();
    const ses = session.fromPartition(PREVIEW_PARTITION);
    // Sign-out itself must not fail because a cache could not be cleared.
    await Promise.allSettled([ses.clearStorageData(), ses.clearCache()]);
  }

  /** Once, before the first preview window loads anything. */
  private hookSession(): void {
    if (this.hooked) return;
    this.hooked = true;
    const ses = session.fromPartition(PREVIEW_PARTITION);
    ses.webRequest.onBeforeSendHeaders((details, callback) => {
      const ctx = { serverUrl: this.deps.serverUrl(), token: this.deps.token() };
      callback({ requestHeaders: previewRequestHeaders(details, ctx) });
    });
    // An article needs no camera, notifications or the like.
    ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  }

  private create(id: number, server: string, previewUrl: string): BrowserWindow {
    this.hookSession();
    const win = new BrowserWindow({
      width: 1100,
      height: 860,
      show: false,
      title: 'Preview',
      webPreferences: {
        // No preload: the page gets no bridge to main.
        ...LOCKED_WEB_PREFERENCES,
        partition: PREVIEW_PARTITION,
      },
    });
    win.once('ready-to-show', () => win.show());
    win.on('closed', () => {
      if (this.windows.get(id) === win) this.windows.delete(id);
    });

    const wc = win.webContents;
    const stays = (url: string) => previewArticleId(url, server) === id;
    const leave = (url: string) => {
      if (isExternalWebUrl(url) || isMailto(url)) void shell.openExternal(url);
    };
    // The article's links and the site's navigation open in the system browser.
    wc.setWindowOpenHandler(({ url }) => {
      leave(url);
      return { action: 'deny' };
    });
    wc.on('will-navigate', (event, url) => {
      if (stays(url)) return;
      event.preventDefault();
      leave(url);
    });
    wc.on('will-redirect', (event, url) => {
      if (!stays(url)) event.preventDefault();
    });
    // The site routes inside the page (history.pushState), which no will-navigate can stop: the link
    // goes to the system browser and the window goes back to the preview.
    wc.on('did-navigate-in-page', (_event, url, isMainFrame) => {
      if (!isMainFrame || stays(url)) return;
      leave(url);
      void win.loadURL(previewUrl);
    });
    wc.on('will-attach-webview', (event) => event.preventDefault());

    void win.loadURL(previewUrl);
    return win;
  }
}
