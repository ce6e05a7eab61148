/** The budgets the bench judges against (DESIGN.md and issues 15 and 17). */
export const BUDGET = {
  apiP99Ms: 50,
  searchP95Ms: 50,
  routeJsGzip: 120 * 1024,
  crowdP99Ms: 100,
  hitRatioToBare: 0.3,
  /** An editor's save (revision and pruning included) at 100,000 articles, as the admin search (issue 31). */
  adminSaveP95Ms: 50,
  /** Issue 29: crawler walk pages against the API article misses of the same run. */
  crawlerToApiMiss: 0.8,
  /** Issue 29: searches' p99 under the open-loop crowd. */
  openLoopSearchP99Ms: 250,
  /** Issue 29: the open-loop rate with the page store, against the render-only path of the same run. */
  openLoopGain: 3,
};
