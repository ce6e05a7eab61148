import { mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local folder by default; another backend implements the same four calls. */
export interface Storage {
  put(name: string, data: Uint8Array, contentType: string): Promise<void>;
  get(name: string): Promise<{ data: Buffer; size: number } | null>;
  delete(name: string): Promise<void>;
  /** Public path the file is served from, e.g. /uploads/abc.webp */
  publicPath(name: string): string;
}

const SAFE_NAME = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,200}$/;

export function localStorage(dir: string): Storage {
  const resolve = (name: string) => {
    if (!SAFE_NAME.test(name) || name.includes('..')) throw new Error('Invalid file name');
    return path.join(dir, name);
  };
  return {
    async put(name, data) {
      await mkdir(dir, { recursive: true });
      await writeFile(resolve(name), data);
    },
    async get(name) {
      try {
        const file = resolve(name);
        const [data, info] = await Promise.all([readFile(file), stat(file)]);
        return { data, size: info.size };
      } catch {
        return null;
      }
    },
    async delete(name) {
      await unlink(resolve(name)).catch(() => undefined);
    },
    publicPath: (name) => `/uploads/${name}`,
  };
}
