/** The ids of the group's module-level mutants (read once per worker from the instrumented files). */
export function moduleLevelMutants(): Set<string>;
/** The mutant ids of `stryCov_…` calls in `source` that run at import. */
export function moduleLevelIds(source: string, fileName?: string): string[];
