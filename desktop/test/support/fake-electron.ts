import { vi } from 'vitest';

// Electron replaced at its boundary only: these stand in for the OS (dialogs, key store, browser, IPC).
type Handler = (event: unknown, ...args: unknown[]) => unknown;

export const fake = {
  handlers: new Map<string, Handler>(),
  dialogResult: { canceled: false, filePaths: [] as string[] },
  backend: 'gnome_libsecret' as string,
  encryptionAvailable: true,
  opened: [] as string[],
  reset() {
    this.handlers.clear();
    this.dialogResult = { canceled: false, filePaths: [] };
    this.backend = 'gnome_libsecret';
    this.encryptionAvailable = true;
    this.opened = [];
  },
};

// A reversible stand-in for the OS key store, visibly not plaintext.
const xor = (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a));

export const electronModule = {
  ipcMain: {
    handle: vi.fn((channel: string, fn: Handler) => fake.handlers.set(channel, fn)),
  },
  dialog: {
    showOpenDialog: vi.fn(async () => fake.dialogResult),
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
  BrowserWindow: { fromWebContents: vi.fn(() => null) },
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
