import { createContext, useContext } from 'react';
import type { Fetcher } from '../lib/api';
import { browserFetcher } from '../lib/api';

/** A file the user chose, however it was picked (browser input, native dialog, drag and drop). */
export interface PickedFile {
  name: string;
  type: string;
  size: number;
  data: Blob;
}

/**
 * What differs between the web /admin and the desktop app (DESIGN.md §1): how files are picked,
 * where the API lives and how the session travels (cookie vs bearer token, folded into `fetcher`).
 */
export interface AdminPlatform {
  kind: 'web' | 'desktop';
  /** Requests to the API; paths start with /api. */
  fetcher: Fetcher;
  /** Absolute base of the API for image URLs ('' on the web: same origin). */
  apiBase: string;
  /** Opens a picker for one image; null when the user cancels. Web returns null (it uses <input type=file>). */
  pickImage: (() => Promise<PickedFile | null>) | null;
  /** Where "sign in again" leads. */
  signIn: () => void;
  /** Where "leave admin" leads (Access Denied). */
  goHome: () => void;
  /** Opens a mailto: draft ("Reply via Email"). Default: the browser's mail handler. */
  openMail?: (mailto: string) => void;
}

export const webPlatform: AdminPlatform = {
  kind: 'web',
  fetcher: browserFetcher,
  apiBase: '',
  pickImage: null,
  // The tab is in the query string, so the return trip keeps it.
  signIn: () =>
    window.location.assign(
      `/api/login?returnTo=${encodeURIComponent(window.location.pathname + window.location.search)}`,
    ),
  goHome: () => window.location.assign('/'),
};

export const PlatformContext = createContext<AdminPlatform>(webPlatform);
export const usePlatform = () => useContext(PlatformContext);
