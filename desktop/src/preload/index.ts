import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { type BloomBridge, CHANNELS } from '../shared/bridge';

// A narrow bridge: named calls only, no ipcRenderer, no Node, no token.
const listen = (channel: string, fn: (...args: never[]) => void) => {
  const wrapped = (_e: unknown, ...args: unknown[]) => (fn as (...a: unknown[]) => void)(...args);
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
};

const bridge: BloomBridge = {
  getState: () => ipcRenderer.invoke(CHANNELS.getState),
  setServer: (url) => ipcRenderer.invoke(CHANNELS.setServer, url),
  signIn: (email, password) => ipcRenderer.invoke(CHANNELS.signIn, email, password),
  verifyTwoFactor: (code) => ipcRenderer.invoke(CHANNELS.verifyTwoFactor, code),
  signOut: () => ipcRenderer.invoke(CHANNELS.signOut),
  apiRequest: (req) => ipcRenderer.invoke(CHANNELS.apiRequest, req),
  pickImage: () => ipcRenderer.invoke(CHANNELS.pickImage),
  // Only preload can turn a dropped File into its path on disk; main then reads and checks it.
  readDroppedImage: (file) => ipcRenderer.invoke(CHANNELS.readDroppedImage, webUtils.getPathForFile(file)),
  openExternal: (url) => ipcRenderer.invoke(CHANNELS.openExternal, url),
  onMenuTab: (fn) => listen(CHANNELS.menuTab, fn),
  onMenuSettings: (fn) => listen(CHANNELS.menuSettings, fn),
  onMenuSignOut: (fn) => listen(CHANNELS.menuSignOut, fn),
};

contextBridge.exposeInMainWorld('bloom', bridge);
