import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const BACKUP_FORMAT = 'site-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface FileEntry {
  /** Path inside the backup directory, with forward slashes. */
  file: string;
  bytes: number;
  sha256: string;
}

export interface TableEntry extends FileEntry {
  /** A table of the `public` schema. */
  name: string;
  rows: number;
  /** The columns written (generated columns are computed again on restore). */
  columns: string[];
}

/**
 * manifest.json, written last: a directory without one is not a backup. Everything a restore checks
 * before it changes anything is here (format, migration level, each file's size and digest).
 */
export interface Manifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The newest migration applied (drizzle's journal): its folder timestamp, tag and hash, and how many. */
  migration: { count: number; createdAt: number; tag: string | null; hash: string };
  tables: TableEntry[];
  /** Sequences of `public`, with the value each had. */
  sequences: Array<{ name: string; lastValue: string; isCalled: boolean }>;
  /** Local uploads (UPLOAD_DIR); not included with STORAGE=s3, whose bucket is backed up on its own. */
  uploads: { included: boolean; files: FileEntry[] };
}

export class BackupError extends Error {}

/** sha256 and size of a file, streamed (a table file can be large). */
export async function digestFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).byteLength;
  }
  return { bytes, sha256: hash.digest('hex') };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isFileEntry = (v: unknown): v is FileEntry =>
  isObj(v) &&
  typeof v.file === 'string' &&
  // Inside the backup directory only: a manifest names no absolute path and no `..`.
  !path.isAbsolute(v.file) &&
  !v.file.split(/[\\/]/).includes('..') &&
  Number.isInteger(v.bytes) &&
  typeof v.sha256 === 'string' &&
  /^[0-9a-f]{64}$/.test(v.sha256);

/** Reads and checks a backup's manifest.json; a clear BackupError for anything that is not one. */
export async function readManifest(dir: string): Promise<Manifest> {
  let raw: string;
  try {
    raw = await readFile(path.join(dir, 'manifest.json'), 'utf8');
  } catch {
    throw new BackupError(`${dir} holds no manifest.json: not a backup, or one that did not finish.`);
  }
  let m: unknown;
  try {
    m = JSON.parse(raw);
  } catch {
    throw new BackupError(`${dir}/manifest.json is not valid JSON: the backup is damaged.`);
  }
  if (!isObj(m) || m.format !== BACKUP_FORMAT) throw new BackupError(`${dir} is not a backup of this site.`);
  if (m.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${dir} is in backup format ${String(m.formatVersion)}; this build reads format ${BACKUP_FORMAT_VERSION}.`,
    );
  }
  const mig = m.migration;
  const ok =
    isObj(mig) &&
    Number.isInteger(mig.count) &&
    Number.isInteger(mig.createdAt) &&
    typeof mig.hash === 'string' &&
    Array.isArray(m.tables) &&
    m.tables.every(
      (t) =>
        isFileEntry(t) &&
        typeof (t as TableEntry).name === 'string' &&
        Number.isInteger((t as TableEntry).rows) &&
        Array.isArray((t as TableEntry).columns),
    ) &&
    Array.isArray(m.sequences) &&
    m.sequences.every(
      (s) =>
        isObj(s) &&
        typeof s.name === 'string' &&
        typeof s.lastValue === 'string' &&
        /^-?\d+$/.test(s.lastValue) &&
        typeof s.isCalled === 'boolean',
    ) &&
    isObj(m.uploads) &&
    Array.isArray(m.uploads.files) &&
    m.uploads.files.every(isFileEntry);
  if (!ok) throw new BackupError(`${dir}/manifest.json is incomplete: the backup is damaged.`);
  return m as unknown as Manifest;
}

/** Every file the manifest names is there, whole and unchanged (size and sha256); throws on the first that is not. */
export async function verifyFiles(dir: string, manifest: Manifest): Promise<void> {
  for (const entry of [...manifest.tables, ...manifest.uploads.files]) {
    let got: { bytes: number; sha256: string };
    try {
      got = await digestFile(path.join(dir, entry.file));
    } catch {
      throw new BackupError(`${entry.file} is missing from the backup.`);
    }
    if (got.bytes !== entry.bytes || got.sha256 !== entry.sha256) {
      throw new BackupError(
        `${entry.file} is damaged (${got.bytes} bytes, the manifest says ${entry.bytes}; or its digest differs). Nothing was changed.`,
      );
    }
  }
}
