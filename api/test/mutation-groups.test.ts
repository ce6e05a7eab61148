import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { groups, unmutated } from '../../mutation/groups.mjs';
import { repoRoot } from '../src/env';

/**
 * Mutation groups follow the code (issue 40 §17): `auth` fell from 89% to 34% when files joined its
 * folder and their tests did not join its list, and nothing noticed. This runs with the unit tests.
 */
type Group = { mutate: string[]; root: string; tests: string[] };
const all = groups as Record<string, Group>;

/** A Stryker glob (`dir/**\/*.ts`, `file.ts`) as a regular expression over repo-relative paths. */
function globRegex(glob: string): RegExp {
  const source = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .split('**/')
    .map((part) => part.replace(/\*/g, '[^/]*'))
    .join('(?:.*/)?');
  return new RegExp(`^${source}$`);
}

function matches(globs: string[], file: string): boolean {
  const include = globs.filter((g) => !g.startsWith('!')).some((g) => globRegex(g).test(file));
  const exclude = globs.filter((g) => g.startsWith('!')).some((g) => globRegex(g.slice(1)).test(file));
  return include && !exclude;
}

function filesUnder(dir: string): string[] {
  const abs = path.join(repoRoot, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(repoRoot, rel)).isDirectory()) return filesUnder(rel);
    return /\.tsx?$/.test(name) ? [rel] : [];
  });
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
/** The folder each mutate entry names: a glob's fixed part, or a file's folder. */
const folderOf = (glob: string) => {
  const fixed = glob.replace(/^!/, '').split('/*')[0] ?? '';
  return fixed.endsWith('.ts') ? path.posix.dirname(fixed) : fixed;
};
const folders = [...new Set(Object.values(all).flatMap((g) => g.mutate.map(folderOf)))].sort();
const sources = folders.flatMap(filesUnder).filter((f) => !isTest(f));
const mutatedBy = (file: string) => Object.entries(all).filter(([, g]) => matches(g.mutate, file));
const unmutatedFiles = unmutated as Record<string, string>;

/** Every test file of the workspace, with the source files it imports (relative imports, resolved). */
const testFiles = ['api/test', 'shared/src']
  .flatMap(filesUnder)
  .filter((f) => isTest(f) || (f.startsWith('api/test/') && !f.startsWith('api/test/fixtures')));
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  const specs = [...text.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)].map((m) => m[1] ?? '');
  return specs.flatMap((spec) => {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base].filter((c) =>
      existsSync(path.join(repoRoot, c)),
    );
  });
}

describe('mutation groups (mutation/groups.mjs)', () => {
  it('every source file in a group folder belongs to a group, or says why not', () => {
    const orphans = sources.filter((f) => mutatedBy(f).length === 0 && !unmutatedFiles[f]);
    expect(orphans, 'add each to a group with the tests that cover it (or to `unmutated`, with why)').toEqual(
      [],
    );
    for (const [file, why] of Object.entries(unmutatedFiles)) {
      expect(existsSync(path.join(repoRoot, file)), file).toBe(true);
      expect(why.length, file).toBeGreaterThan(20);
      expect(mutatedBy(file), file).toEqual([]);
    }
  });

  it('a test file that imports a mutated file is in that group', () => {
    const missing: string[] = [];
    for (const test of testFiles) {
      const imported = importsOf(test);
      for (const source of imported) {
        for (const [name, group] of mutatedBy(source)) {
          const own = path.posix.relative(group.root, test);
          // Helpers (no .test.ts) are loaded by the tests that use them.
          if (isTest(test) && !group.tests.some((g) => globRegex(g).test(own)))
            missing.push(`${name}: ${own} (imports ${source})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('every listed test file exists and every mutate entry matches a file', () => {
    for (const [name, group] of Object.entries(all)) {
      for (const test of group.tests)
        if (!test.includes('*'))
          expect(existsSync(path.join(repoRoot, group.root, test)), `${name}: ${test}`).toBe(true);
      for (const glob of group.mutate.filter((g) => !g.startsWith('!')))
        expect(
          sources.some((f) => globRegex(glob).test(f)),
          `${name}: ${glob}`,
        ).toBe(true);
    }
  });
});
