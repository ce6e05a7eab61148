import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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
