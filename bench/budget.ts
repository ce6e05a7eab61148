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

/** Issue 39: pictures sized for each reader's screen (bench/pictures.ts). */
export const PICTURE_BUDGET = {
  /** POST /api/upload's answer for a 4.4 MB camera photo. */
  uploadAnswerMs: 1500,
  /** From the upload's answer until every size is served. */
  sizesReadyMs: 10_000,
  /** Picture bytes at 390 px DPR 3, /news scrolled through and an article page, against originals only. */
  shareAt390: 0.3,
  /** At 1280 px DPR 1: no picture's file more than this many times its displayed width. */
  worstRatioAt1280: 2,
  /** Public reads during 20 uploads at once, against their rate before. */
  readDrop: 0.2,
  /** The server process's peak resident memory. */
  rssMb: 512,
};
