import { pathToFileURL } from 'node:url';
import { vi } from 'vitest';

// Electron replaced at its boundary only: these stand in for the OS (dialogs, key store, browser, IPC).
type Handler = (event: unknown, ...args: unknown[]) => unknown;

export const fake = {
  handlers: new Map<string, Handler>(),
  dialogResult: { canceled: false, filePaths: [] as string[] },
  /** The button a message box answers with (its index). */
  messageBoxChoice: 1,
  backend: 'gnome_libsecret' as string,
  encryptionAvailable: true,
  opened: [] as string[],
  /** app.getPath('userData') for tests that load main/index.ts. */
  userData: '',
  appEvents: new Map<string, Listener>(),
  reset() {
    this.handlers.clear();
    this.dialogResult = { canceled: false, filePaths: [] };
    this.messageBoxChoice = 1;
    this.backend = 'gnome_libsecret';
    this.encryptionAvailable = true;
    this.opened = [];
    FakeSession.all.clear();
    FakeWindow.all = [];
  },
};

type Listener = (...args: unknown[]) => void;
type BeforeSendHeaders = (
  details: { url: string; method: string; requestHeaders: Record<string, string> },
  callback: (response: { requestHeaders?: Record<string, string> }) => void,
) => void;

/** A session: records its webRequest hooks, permission handler and what was cleared. */
export class FakeSession {
  static all = new Map<string, FakeSession>();
  headersHook: Listener | null = null;
  beforeSendHeaders: BeforeSendHeaders | null = null;
  permissionHandler: ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void) | null =
    null;
  cleared: string[] = [];
  constructor(readonly partition: string) {}
  webRequest = {
    onHeadersReceived: (fn: Listener) => {
      this.headersHook = fn;
    },
    onBeforeSendHeaders: (fn: BeforeSendHeaders) => {
      this.beforeSendHeaders = fn;
    },
  };
  setPermissionRequestHandler(fn: FakeSession['permissionHandler']) {
    this.permissionHandler = fn;
  }
  async clearStorageData() {
    this.cleared.push('storage');
  }
  async clearCache() {
    this.cleared.push('cache');
  }
  /** Runs a request through the onBeforeSendHeaders hook, as Chromium would. */
  send(url: string, method = 'GET', requestHeaders: Record<string, string> = {}) {
    let out: Record<string, string> | undefined;
    this.beforeSendHeaders?.({ url, method, requestHeaders }, (r) => {
      out = r.requestHeaders ?? requestHeaders;
    });
    return out ?? requestHeaders;
  }
  static from(partition: string) {
    let s = FakeSession.all.get(partition);
    if (!s) {
      s = new FakeSession(partition);
      FakeSession.all.set(partition, s);
    }
    return s;
  }
}

// A BrowserWindow stand-in that records what the app asks of it.
export class FakeWindow {
  static all: FakeWindow[] = [];
  static get last(): FakeWindow {
    const w = FakeWindow.all.at(-1);
    if (!w) throw new Error('no window was created');
    return w;
  }
  static fromWebContents = vi.fn((): FakeWindow | null => null);
  options: Record<string, unknown>;
  windowOpen: ((d: { url: string }) => { action: string }) | null = null;
  events = new Map<string, Listener>();
  loaded: string | null = null;
  loads: string[] = [];
  bounds = { x: 10, y: 20, width: 1111, height: 777 };
  maximized = false;
  destroyed = false;
  focused = 0;
  webContents: {
    setWindowOpenHandler: (fn: FakeWindow['windowOpen']) => void;
    on: (event: string, fn: Listener) => void;
    session: FakeSession;
  };
  constructor(options: Record<string, unknown>) {
    this.options = options;
    const partition = (options.webPreferences as { partition?: string } | undefined)?.partition;
    this.webContents = {
      setWindowOpenHandler: (fn) => {
        this.windowOpen = fn;
      },
      on: (event, fn) => this.events.set(`wc:${event}`, fn),
      session: FakeSession.from(partition ?? '<default>'),
    };
    FakeWindow.all.push(this);
  }
  /** The window's handler for a webContents event, e.g. 'will-navigate'. */
  wc(event: string) {
    const fn = this.events.get(`wc:${event}`);
    if (!fn) throw new Error(`no ${event} handler`);
    return fn;
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
    return this.destroyed;
  }
  getNormalBounds() {
    return this.bounds;
  }
  show() {}
  focus() {
    this.focused++;
  }
  close() {
    if (this.destroyed) return;
    this.events.get('close')?.();
    this.destroy();
  }
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.events.get('closed')?.();
  }
  restore() {}
  async loadFile(f: string) {
    this.loaded = pathToFileURL(f).href;
    this.loads.push(this.loaded);
  }
  async loadURL(u: string) {
    this.loaded = u;
    this.loads.push(u);
  }
}

// A reversible stand-in for the OS key store, visibly not plaintext.
const xor = (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a));

export const electronModule = {
  ipcMain: {
    handle: vi.fn((channel: string, fn: Handler) => fake.handlers.set(channel, fn)),
  },
  dialog: {
    showOpenDialog: vi.fn(async () => fake.dialogResult),
    showMessageBoxSync: vi.fn(() => fake.messageBoxChoice),
  },
  shell: {
    openExternal: vi.fn(async (url: string) => {
      fake.opened.push(url);
    }),
  },
  safeStorage: {
    isEncryptionAvailable: () => fake.encryptionAvailable,
    getSelectedStorageBackend: () => fake.backend,
    encryptString: (s: string) => xor(Buffer.from(`enc:${s}`)),
    decryptString: (b: Buffer) => {
      const s = xor(b).toString();
      if (!s.startsWith('enc:'))
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return s.slice(4);
    },
  },
  BrowserWindow: FakeWindow,
  app: {
    name: 'Bloom & Balance Admin',
    isPackaged: true,
    requestSingleInstanceLock: () => true,
    on: vi.fn((event: string, fn: Listener) => fake.appEvents.set(event, fn)),
    whenReady: async () => {},
    getPath: () => fake.userData,
    quit: vi.fn(),
  },
  Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: vi.fn() },
  session: {
    fromPartition: (partition: string) => FakeSession.from(partition),
    get defaultSession() {
      return FakeSession.from('<default>');
    },
  },
};

/** What Electron hands an ipcMain.handle listener; only senderFrame matters to our check. */
export function ipcEvent(url: string, parent: unknown = null) {
  return { senderFrame: { url, parent }, sender: {} };
}

export async function invoke(channel: string, event: unknown, ...args: unknown[]) {
  const h = fake.handlers.get(channel);
  if (!h) throw new Error(`no handler for ${channel}`);
  return h(event, ...args);
}
