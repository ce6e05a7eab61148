import { safeStorage } from 'electron';
import type { SettingsStore } from './settings';

/**
 * Keeps the better-auth session token. With a real OS key store (Keychain, DPAPI, libsecret/kwallet)
 * it is encrypted with safeStorage and saved; with Linux's plaintext fallback it lives in memory only.
 */
export class TokenStore {
  private memory: string | null = null;
  constructor(private readonly settings: SettingsStore) {}

  isSecure(): boolean {
    if (!safeStorage.isEncryptionAvailable()) return false;
    // 'basic_text' is Chromium's hard-coded-password fallback: not a secret store.
    if (process.platform === 'linux') {
      const backend = safeStorage.getSelectedStorageBackend();
      return backend !== 'basic_text' && backend !== 'unknown';
    }
    return true;
  }

  get(): string | null {
    if (this.memory) return this.memory;
    const saved = this.settings.get().encryptedToken;
    if (!saved || !this.isSecure()) return null;
    try {
      this.memory = safeStorage.decryptString(Buffer.from(saved, 'base64'));
      return this.memory;
    } catch {
      // A token from another machine or key: forget it.
      this.settings.update({ encryptedToken: null });
      return null;
    }
  }

  set(token: string): void {
    this.memory = token;
    if (this.isSecure()) {
      this.settings.update({ encryptedToken: safeStorage.encryptString(token).toString('base64') });
    } else {
      this.settings.update({ encryptedToken: null });
    }
  }

  clear(): void {
    this.memory = null;
    this.settings.update({ encryptedToken: null });
  }
}
