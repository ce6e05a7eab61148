import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized?: boolean;
}

export interface Settings {
  serverUrl: string | null;
  bounds: WindowBounds | null;
  /** The session token, encrypted by safeStorage, base64. */
  encryptedToken: string | null;
}

const DEFAULTS: Settings = { serverUrl: null, bounds: null, encryptedToken: null };

/** A small JSON file in the user-data folder; a missing or damaged file means defaults. */
export class SettingsStore {
  private data: Settings;
  constructor(private readonly file: string) {
    this.data = SettingsStore.load(file);
  }

  private static load(file: string): Settings {
    try {
      const raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<Settings>;
      return {
        serverUrl: typeof raw.serverUrl === 'string' ? raw.serverUrl : null,
        bounds: isBounds(raw.bounds) ? raw.bounds : null,
        encryptedToken: typeof raw.encryptedToken === 'string' ? raw.encryptedToken : null,
      };
    } catch {
      return { ...DEFAULTS };
    }
  }

  get(): Settings {
    return { ...this.data };
  }

  update(patch: Partial<Settings>): void {
    this.data = { ...this.data, ...patch };
    mkdirSync(path.dirname(this.file), { recursive: true });
    // Write then rename, so a crash never leaves half a file.
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data, null, 2), { mode: 0o600 });
    renameSync(tmp, this.file);
  }
}

function isBounds(v: unknown): v is WindowBounds {
  if (!v || typeof v !== 'object') return false;
  const b = v as Record<string, unknown>;
  return typeof b.width === 'number' && typeof b.height === 'number' && b.width > 0 && b.height > 0;
}
