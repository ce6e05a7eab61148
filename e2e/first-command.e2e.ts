import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runBuilt } from './run-built';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/**
 * A newcomer's first command (README, "The two commands") prints what they need before the server's
 * own lines (issue 40 §16): no warning box from the install, no listing of every built asset.
 */
describe("a newcomer's first command", () => {
  it('install leaves no build script unlisted, so pnpm prints no "Ignored build scripts" box', () => {
    // pnpm's record of the install it just did (JSON, despite the name).
    const state = JSON.parse(read('node_modules/.modules.yaml')) as { ignoredBuilds?: string[] };
    expect(state.ignoredBuilds ?? []).toEqual([]);
  });

  it('the web build prints warnings only, not a line per asset', () => {
    const script =
      (JSON.parse(read('web/package.json')) as { scripts: Record<string, string> }).scripts.build ?? '';
    const vites = script.split('&&').map((part) => part.trim());
    expect(vites.length).toBeGreaterThan(0);
    for (const part of vites) expect(part).toMatch(/^vite build .*--logLevel (warn|error|silent)\b/);
  });

  it('the README says how to start on another port, with a setting that exists', () => {
    const readme = read('README.md');
    expect(readme).toMatch(/PORT=\d+ npx -y pnpm@10 start/);
    expect(read('docs/settings.md')).toMatch(/\| `PORT` \|/);
  });
});

describe('a start on a port another program holds', () => {
  it('says so in a sentence with the command for another port, and exits 1 (no stack trace)', async () => {
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const port = (holder.address() as { port: number }).port;
    try {
      const { code, output } = await runBuilt('dist/server.js', {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: 'memory://',
        SEED_DEMO: 'false',
        RSS_CRON: 'off',
        LOG_LEVEL: 'info',
      });
      expect(code, output).toBe(1);
      expect(output).toContain(`Port ${port} is in use by another program.`);
      expect(output).toContain('npx -y pnpm@10 start');
      expect(output).not.toMatch(/setupListenHandle|Unhandled 'error' event/);
    } finally {
      holder.close();
    }
  });
});
