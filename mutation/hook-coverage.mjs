// A setup file of the vitest run Stryker drives (mutation/vitest.config.mts), loaded after Stryker's own.
//
// Stryker credits code to the test that was running when it executed. Code run by a test file's
// beforeAll (our tests boot the app there: testApp() builds better-auth, the routes, the caches) runs
// with no test running, so Stryker counts it as "static" coverage. A mutant covered that way and by a
// few tests too is "hybrid", and with ignoreStatic Stryker runs only those few tests for it: the
// `session: {}` mutant in auth.ts ran none of the tests that check the 30-day cookie and "survived".
// This credits what a file's beforeAll and afterAll hooks covered to every test of that file, as
// those tests depend on it. Only in the coverage run; a mutant run needs nothing from here.
//
// Except a module's top-level code (a constant table, a compiled converter): it runs once, when the
// first file imports the module, and a beforeAll that imports lazily would get it credited to its own
// tests only, not to a file that imports the module at its top and checks those very constants. Such
// a mutant stays static (left out by default, every test with --static): see moduleLevelMutants.
import { afterAll, beforeAll, inject } from 'vitest';
import { moduleLevelMutants } from './module-level.mjs';

const namespace = inject('globalNamespace');
const mode = inject('mode');

if (namespace && mode !== 'mutant') {
  globalThis[namespace] ??= {};
  const ns = globalThis[namespace];
  let before = {};

  beforeAll(() => {
    before = { ...(ns.mutantCoverage?.static ?? {}) };
  });

  // Registered before the test file's own hooks, so it runs after them ("stack" order) and sees
  // what its afterAll covered too. Vitest 4.1 reads a hook's first parameter as its fixtures and
  // refuses anything but a destructuring pattern: `(_context, suite)` threw before any hook after it,
  // Stryker's own among them, so no coverage reached Stryker and every mutant ran every test.
  // biome-ignore lint/correctness/noEmptyPattern: the form vitest 4.1 accepts (as Stryker's own setup)
  afterAll(({}, suite) => {
    const coverage = ns.mutantCoverage;
    if (!coverage) return;
    const moduleLevel = moduleLevelMutants();
    const hooked = Object.entries(coverage.static ?? {})
      .filter(([id, hits]) => hits > (before[id] ?? 0) && !moduleLevel.has(id))
      .map(([id]) => id);
    if (!hooked.length) return;
    coverage.perTest ??= {};
    for (const test of testsIn(suite)) {
      const id = rawTestId(test);
      coverage.perTest[id] ??= {};
      const perTest = coverage.perTest[id];
      for (const mutant of hooked) perTest[mutant] = (perTest[mutant] ?? 0) + 1;
    }
  });
}

function testsIn(suite) {
  return (suite?.tasks ?? []).flatMap((task) => (task.type === 'test' ? [task] : testsIn(task)));
}

// As @stryker-mutator/vitest-runner's stryker-setup.js names a test (its coverage keys).
function rawTestId(test) {
  const parts = [test.name];
  let current = test.suite;
  while (current) {
    parts.unshift(current.name);
    current = current.suite;
  }
  return `${test.file?.filepath ?? 'unknown.js'}#${parts.join(' ').trim()}`;
}
