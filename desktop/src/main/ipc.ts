import { BrowserWindow, dialog, type IpcMainInvokeEvent, ipcMain, shell } from 'electron';
import { type AppState, CHANNELS, type Result, type WireRequest } from '../shared/bridge';
import { IMAGE_FILTERS, readImageFile } from './image-file';
import {
  checkServer,
  forwardRequest,
  signInWithPassword,
  signOutOnServer,
  verifyTwoFactorOnServer,
} from './server';
import { isExternalWebUrl, isMailto, isTrustedSender } from './security';
import type { SettingsStore } from './settings';
import type { TokenStore } from './token-store';

export const FOREIGN_SENDER = 'Refused: this request did not come from the app window.';

export interface IpcDeps {
  settings: SettingsStore;
  tokens: TokenStore;
  /** The URL of the app's own page, for the sender check. */
  entryUrl: string;
  /** Called after the server changes (the CSP names it). */
  onServerChanged?: (url: string) => void;
  /** Called when the token is dropped (sign-out, change of server): preview windows close and clear. */
  onSignedOut?: () => Promise<void> | void;
}

function state(deps: IpcDeps, challenge: string | null): AppState {
  return {
    serverUrl: deps.settings.get().serverUrl,
    signedIn: Boolean(deps.tokens.get()),
    tokenStorage: deps.tokens.isSecure() ? 'secure' : 'session',
    twoFactorPending: Boolean(challenge),
  };
}

const str = (v: unknown): v is string => typeof v === 'string';

/** Registers every bridge handler; each refuses callers other than the app's own top-level frame. */
export function registerIpc(deps: IpcDeps) {
  /**
   * The server's two-step sign-in challenge (a short-lived signed cookie) between the password and the
   * code: kept in main's memory only, like the token, and dropped on sign-out or a change of server.
   */
  let challenge: string | null = null;

  const guarded =
    <A extends unknown[], R>(fn: (event: IpcMainInvokeEvent, ...args: A) => Promise<R> | R) =>
    async (event: IpcMainInvokeEvent, ...args: A): Promise<R> => {
      if (!isTrustedSender(event.senderFrame, deps.entryUrl)) throw new Error(FOREIGN_SENDER);
      return fn(event, ...args);
    };

  ipcMain.handle(
    CHANNELS.getState,
    guarded(() => state(deps, challenge)),
  );

  ipcMain.handle(
    CHANNELS.setServer,
    guarded(async (_e, url: unknown): Promise<Result<string>> => {
      if (!str(url)) return { ok: false, message: 'Please enter the server address.' };
      const checked = await checkServer(url);
      if (!checked.ok) return checked;
      const previous = deps.settings.get().serverUrl;
      // A token belongs to one server: changing server signs out.
      if (previous !== checked.value) {
        challenge = null;
        deps.tokens.clear();
        await deps.onSignedOut?.();
      }
      deps.settings.update({ serverUrl: checked.value });
      deps.onServerChanged?.(checked.value);
      return checked;
    }),
  );

  ipcMain.handle(
    CHANNELS.signIn,
    guarded(async (_e, email: unknown, password: unknown): Promise<Result<AppState>> => {
      const server = deps.settings.get().serverUrl;
      if (!server) return { ok: false, message: 'Please set the server address first.' };
      if (!str(email) || !str(password) || !email || !password) {
        return { ok: false, message: 'Please enter your email and password.' };
      }
      challenge = null;
      const signed = await signInWithPassword(server, email, password);
      if (!signed.ok) return signed;
      if ('challenge' in signed.value) challenge = signed.value.challenge;
      else deps.tokens.set(signed.value.token);
      return { ok: true, value: state(deps, challenge) };
    }),
  );

  ipcMain.handle(
    CHANNELS.verifyTwoFactor,
    guarded(async (_e, code: unknown): Promise<Result<AppState>> => {
      const server = deps.settings.get().serverUrl;
      if (!server || !challenge) return { ok: false, message: 'Please sign in again.' };
      if (!str(code) || !code.trim() || code.length > 64) {
        return { ok: false, message: 'Enter the code from your app, or a backup code.' };
      }
      const verified = await verifyTwoFactorOnServer(server, challenge, code);
      if (!verified.ok) {
        if (verified.restart) challenge = null;
        return { ok: false, message: verified.message };
      }
      challenge = null;
      deps.tokens.set(verified.value);
      return { ok: true, value: state(deps, challenge) };
    }),
  );

  ipcMain.handle(
    CHANNELS.signOut,
    guarded(async () => {
      const server = deps.settings.get().serverUrl;
      const token = deps.tokens.get();
      challenge = null;
      deps.tokens.clear();
      await deps.onSignedOut?.();
      if (server && token) await signOutOnServer(server, token);
      return state(deps, challenge);
    }),
  );

  ipcMain.handle(
    CHANNELS.apiRequest,
    guarded(async (_e, req: WireRequest) => {
      const server = deps.settings.get().serverUrl;
      if (!server) return { ok: false, message: 'Please set the server address first.' };
      if (!req || !str(req.path) || !str(req.method) || !Array.isArray(req.headers) || !req.body) {
        return { ok: false, message: 'Malformed request.' };
      }
      // Turning two-step sign-in on or off replaces the session: keep the new token.
      return forwardRequest(server, deps.tokens.get(), req, fetch, (token) => deps.tokens.set(token));
    }),
  );

  ipcMain.handle(
    CHANNELS.pickImage,
    guarded(async (event) => {
      const win = BrowserWindow.fromWebContents(event.sender);
      const options = { title: 'Choose an image', properties: ['openFile' as const], filters: IMAGE_FILTERS };
      const picked = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      const file = picked.filePaths[0];
      if (picked.canceled || !file) return { ok: true, value: null };
      // A camera photo over 5 MB is handed on: the image field scales it down before uploading.
      return readImageFile(file, { photos: true });
    }),
  );

  ipcMain.handle(
    CHANNELS.readDroppedImage,
    guarded(async (_e, filePath: unknown) => {
      if (!str(filePath) || !filePath)
        return { ok: false, message: 'Drop an image file from your computer.' };
      return readImageFile(filePath);
    }),
  );

  ipcMain.handle(
    CHANNELS.openExternal,
    guarded(async (_e, url: unknown) => {
      if (str(url) && (isExternalWebUrl(url) || isMailto(url))) await shell.openExternal(url);
    }),
  );
}
