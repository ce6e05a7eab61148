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
  /**
   * POST /api/upload reporting how much was sent (0-1), for the editor's progress bar. Optional: without
   * it (the desktop, whose requests travel through main) the upload goes through `fetcher` and the bar
   * shows activity without a fraction.
   */
  uploadWithProgress?: (form: FormData, onProgress: (fraction: number) => void) => Promise<Response>;
}

/** The browser's upload with progress events (fetch has none for request bodies). */
export function xhrUpload(form: FormData, onProgress: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () =>
      resolve(
        new Response(xhr.status === 204 ? null : xhr.responseText, {
          status: xhr.status,
          headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
        }),
      );
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.send(form);
  });
}

export const webPlatform: AdminPlatform = {
  kind: 'web',
  fetcher: browserFetcher,
  apiBase: '',
  pickImage: null,
  // The tab is in the query string, so the return trip keeps it. Replace, not a new entry (issue 41):
  // Back from the sign-in page goes to where the reader was before the admin, not into this redirect.
  signIn: () =>
    window.location.replace(
      `/api/login?returnTo=${encodeURIComponent(window.location.pathname + window.location.search)}`,
    ),
  goHome: () => window.location.replace('/'),
  uploadWithProgress: xhrUpload,
};

export const PlatformContext = createContext<AdminPlatform>(webPlatform);
export const usePlatform = () => useContext(PlatformContext);
