// The one contract between the renderer and the main process: channel names and payload types.
// The renderer never holds the session token: every API call goes through main, which adds it.

export const CHANNELS = {
  getState: 'bloom:get-state',
  setServer: 'bloom:set-server',
  signIn: 'bloom:sign-in',
  verifyTwoFactor: 'bloom:verify-two-factor',
  signOut: 'bloom:sign-out',
  apiRequest: 'bloom:api-request',
  pickImage: 'bloom:pick-image',
  readDroppedImage: 'bloom:read-dropped-image',
  openExternal: 'bloom:open-external',
  /** main → renderer: a menu item or shortcut chose a tab (0-based) or the settings screen. */
  menuTab: 'bloom:menu-tab',
  menuSettings: 'bloom:menu-settings',
  menuSignOut: 'bloom:menu-sign-out',
} as const;

/** Either a value or a message the renderer shows as is. */
export type Result<T> = { ok: true; value: T } | { ok: false; message: string };

export interface AppState {
  serverUrl: string | null;
  signedIn: boolean;
  /** 'secure': the OS keychain keeps the token; 'session': plaintext backend only, token kept in memory. */
  tokenStorage: 'secure' | 'session';
  /**
   * The password was right and the account has two-step sign-in: main holds the server's short-lived
   * challenge and waits for a code (`verifyTwoFactor`). Not signed in yet.
   */
  twoFactorPending?: boolean;
}

/** An image the main process read and checked (type by content, size). */
export interface ImageFile {
  name: string;
  type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
  size: number;
  data: Uint8Array<ArrayBuffer>;
}

/** A multipart field that survives IPC (FormData does not). */
export type WireFormField =
  | { name: string; value: string }
  | { name: string; filename: string; type: string; data: Uint8Array<ArrayBuffer> };

export interface WireRequest {
  path: string;
  method: string;
  headers: Array<[string, string]>;
  body: { kind: 'none' } | { kind: 'text'; text: string } | { kind: 'form'; fields: WireFormField[] };
}

export interface WireResponse {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: Uint8Array<ArrayBuffer>;
}

/** What preload exposes as `window.bloom`. */
export interface BloomBridge {
  getState(): Promise<AppState>;
  setServer(url: string): Promise<Result<string>>;
  /** ok with `twoFactorPending`: the code step comes next. */
  signIn(email: string, password: string): Promise<Result<AppState>>;
  /** The code step: a 6-digit code from the authenticator app, or one backup code. */
  verifyTwoFactor(code: string): Promise<Result<AppState>>;
  signOut(): Promise<AppState>;
  apiRequest(req: WireRequest): Promise<Result<WireResponse>>;
  /** null value: the user cancelled the dialog. */
  pickImage(): Promise<Result<ImageFile | null>>;
  /** A file dropped on an image control; the path comes from webUtils.getPathForFile in preload. */
  readDroppedImage(file: File): Promise<Result<ImageFile>>;
  /** http(s) links to the system browser, mailto: to the mail app; anything else is ignored. */
  openExternal(url: string): Promise<void>;
  onMenuTab(listener: (tab: string) => void): () => void;
  onMenuSettings(listener: () => void): () => void;
  onMenuSignOut(listener: () => void): () => void;
}

/** Shown on sign-in and in settings when the OS offers no key store (Linux without a secret service). */
export const SESSION_ONLY_WARNING =
  'No secure key store is available on this system, so your sign-in is kept for this session only.';
