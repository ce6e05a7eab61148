import type { BloomBridge } from '../shared/bridge';

declare global {
  interface Window {
    /** The preload bridge (src/preload/index.ts); absent outside the desktop app. */
    bloom: BloomBridge;
  }
}
