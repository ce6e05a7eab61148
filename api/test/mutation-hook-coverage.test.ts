import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/env';

/**
 * mutation/hook-coverage.mjs, run by vitest as Stryker's coverage run drives it. On 3 Dec its
 * `afterAll((_context, suite) => …)` was refused by vitest 4.1 (a hook's first parameter must be a
 * destructuring pattern), which skipped the hooks after it, Stryker's own: no coverage reached
 * Stryker, every mutant ran every test, and module-level mutants "survived" in kept workers. This
 * runs a small test file with the setup between a stand-in for Stryker's setup and the file itself.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'hook-coverage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = promisify(execFile);

describe('hook coverage in the coverage run', () => {
  it("credits what a file's beforeAll covered to each of its tests and lets Stryker's own afterAll run", async () => {
    const out = path.join(dir, 'coverage.json');
    // Stryker's setup registers its afterAll first, so it runs last and hands the coverage over.
    writeFileSync(
      path.join(dir, 'stryker-stand-in.mjs'),
      `import { afterAll } from 'vitest';
       import { writeFileSync } from 'node:fs';
       afterAll(() => writeFileSync(${JSON.stringify(out)}, JSON.stringify(globalThis.__cov__.mutantCoverage)));`,
    );
    writeFileSync(
      path.join(dir, 'boot.test.mjs'),
      `import { beforeAll, describe, it } from 'vitest';
       // As an app boot would: code with no test running counts as static.
       beforeAll(() => { globalThis.__cov__.mutantCoverage = { static: { '7': 1 }, perTest: {} }; });
       describe('group', () => { it('one', () => {}); });
       it('two', () => {});`,
    );
    writeFileSync(
      path.join(dir, 'vitest.config.mjs'),
      `export default { test: {
         root: ${JSON.stringify(dir)},
         include: ['boot.test.mjs'],
         provide: { globalNamespace: '__cov__', mode: 'dry-run' },
         setupFiles: [${JSON.stringify(path.join(dir, 'stryker-stand-in.mjs'))}, ${JSON.stringify(path.join(repoRoot, 'mutation/hook-coverage.mjs'))}],
       } };`,
    );
    await run(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--config',
        path.join(dir, 'vitest.config.mjs'),
      ],
      { cwd: repoRoot, env: { ...process.env, MUTATION_GROUP: 'rss', NODE_OPTIONS: '' } },
    );
    const coverage = JSON.parse(readFileSync(out, 'utf8'));
    const file = path.join(dir, 'boot.test.mjs');
    expect(coverage.perTest).toEqual({ [`${file}#group one`]: { 7: 1 }, [`${file}#two`]: { 7: 1 } });
  }, 60_000);
});
