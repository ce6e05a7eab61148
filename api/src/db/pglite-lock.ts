import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is PostgreSQL inside one process, with no lock of its own: a second process opening the same
 * directory (a backup, a restore, a second server) reads pages the first is changing and can corrupt
 * them. So the process that opens a data directory writes its pid beside it, and another live process
 * finding that file is refused.
 */
export class DatabaseInUseError extends Error {}

const lockFile = (dataDir: string) => path.join(dataDir, 'pglite.pid');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of another live process holding the directory, or null. */
export function pgliteHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : null;
}

/** Claims `dataDir` for this process (a stale file of a dead process is taken over); answers the release. */
export function claimPgliteDir(dataDir: string): () => void {
  const holder = pgliteHolder(dataDir);
  if (holder !== null) {
    throw new DatabaseInUseError(
      `The embedded database in ${dataDir} is open in process ${holder} (the site's server, or another command). ` +
        'PGlite serves one process at a time: stop that process first, then run this again.',
    );
  }
  const file = lockFile(dataDir);
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return () => {
    if (pgliteHolder(dataDir) === null) rmSync(file, { force: true });
  };
}
