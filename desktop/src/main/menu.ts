import type { MenuItemConstructorOptions } from 'electron';

/**
 * The admin dashboard's tabs, in order (spec §2's eight, then the Newsletter and the Audit log);
 * Ctrl/Cmd+1…9 select the first nine. The menu names the tab, not its place: a role that lacks some
 * tabs (an editor has no Users) must not land on the wrong one (renderer/src/tabs.ts).
 */
export const ADMIN_TABS = [
  'Articles',
  'Products',
  'Recipes',
  'Categories',
  'Users',
  'Messages',
  'RSS Feeds',
  'AI Content',
  'Newsletter',
  'Audit',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export interface MenuActions {
  selectTab(tab: AdminTab): void;
  openSettings(): void;
  signOut(): void;
  openWebsite(): void;
  isMac: boolean;
  appName: string;
}

/** The native menu: File, Edit, View, Window, Help (plus the app menu on macOS). */
export function menuTemplate(a: MenuActions): MenuItemConstructorOptions[] {
  // Ctrl/Cmd+0 stays the zoom reset, so the tenth tab has no shortcut.
  const tabs: MenuItemConstructorOptions[] = ADMIN_TABS.map((label, i) => ({
    label,
    ...(i < 9 ? { accelerator: `CmdOrCtrl+${i + 1}` } : {}),
    click: () => a.selectTab(label),
  }));
  const template: MenuItemConstructorOptions[] = [
    {
      label: 'File',
      submenu: [
        { label: 'Settings…', accelerator: 'CmdOrCtrl+,', click: () => a.openSettings() },
        { label: 'Sign Out', click: () => a.signOut() },
        { type: 'separator' },
        a.isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...tabs,
        { type: 'separator' },
        { role: 'reload' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [{ label: 'Open the Website', click: () => a.openWebsite() }],
    },
  ];
  if (a.isMac) template.unshift({ label: a.appName, role: 'appMenu' });
  return template;
}
