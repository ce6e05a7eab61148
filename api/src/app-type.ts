import type { createApp } from './app';

/** Import with `import type` only: no API runtime code enters a browser bundle (DESIGN.md §1). */
export type AppType = ReturnType<typeof createApp>;
