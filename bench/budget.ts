/** The budgets the bench judges against (DESIGN.md and issues 15 and 17). */
export const BUDGET = {
  apiP99Ms: 50,
  searchP95Ms: 50,
  routeJsGzip: 120 * 1024,
  crowdP99Ms: 100,
  hitRatioToBare: 0.3,
  /** An editor's save (revision and pruning included) at 100,000 articles, as the admin search (issue 31). */
  adminSaveP95Ms: 50,
};
