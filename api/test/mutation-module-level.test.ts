import { describe, expect, it } from 'vitest';
import { moduleLevelIds } from '../../mutation/module-level.mjs';

/**
 * mutation/hook-coverage.mjs leaves a module's top-level mutants static instead of crediting them to
 * the tests of whichever file imported the module first (`'p'` → `""` in rss's BODY_TAGS "survived"
 * although rss-sanitize.test.ts fails on it). This is how it tells them apart, on text shaped as
 * Stryker's instrumenter writes it.
 */
describe('moduleLevelIds', () => {
  const instrumented = `
    const TAGS = stryMutAct_9fa48("0") ? new Set([]) : (stryCov_9fa48("0"), new Set([stryMutAct_9fa48("1") ? "" : (stryCov_9fa48("1"), 'p')]));
    export function f(x: number) { if (stryMutAct_9fa48("2")) { {} } else { stryCov_9fa48("2"); return x > 1 ? 'a' : 'b'; } }
    export const g = (y: string) => stryMutAct_9fa48("3") ? false : (stryCov_9fa48("3", "4"), y === 'q');
    class C {
      m = (stryCov_9fa48("5"), 3);
      static s = (stryCov_9fa48("6"), 4);
      get z() { return (stryCov_9fa48("7"), 1); }
      constructor() { stryCov_9fa48("8"); }
    }
    const table = { a: (stryCov_9fa48("9"), 1), b() { stryCov_9fa48("10"); }, c: function () { stryCov_9fa48("11"); } };
    if (stryMutAct_9fa48("12")) {} else { stryCov_9fa48("12"); register(() => stryCov_9fa48("13")); }
  `;

  it('keeps the calls that run at import and none that run when called or constructed', () => {
    expect(moduleLevelIds(instrumented)).toEqual(['0', '1', '6', '9', '12']);
  });

  it('reads JSX files too', () => {
    const jsx =
      'const A = (stryCov_9fa48("0"), <b>x</b>); export function B() { return (stryCov_9fa48("1"), <i />); }';
    expect(moduleLevelIds(jsx, 'a.tsx')).toEqual(['0']);
  });
});
