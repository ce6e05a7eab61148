/** Types of groups.mjs for the TypeScript check of api/test/mutation-groups.test.ts. */
export interface MutationGroup {
  mutate: string[];
  root: string;
  tests: string[];
  isolate?: boolean;
}
export declare const groups: Record<string, MutationGroup>;
export declare const unmutated: Record<string, string>;
export declare function pickGroup(): MutationGroup & { name: string };
