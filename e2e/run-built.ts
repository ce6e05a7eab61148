import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../api');

/**
 * Runs one of the built API's entry points (`dist/server.js`, `dist/scripts/seed.js`) as an operator
 * would, with only PATH and `env` set, until it exits: its status and everything it printed.
 */
export function runBuilt(
  entry: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [entry, ...args], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}
