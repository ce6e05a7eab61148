import type { MenuItemConstructorOptions } from 'electron';

/** The admin dashboard's tabs, in order (spec §2's eight, then the Newsletter); Ctrl/Cmd+1…9 select them. */
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
] as const;

export interface MenuActions {
  selectTab(index: number): void;
  openSettings(): void;
  signOut(): void;
  openWebsite(): void;
  isMac: boolean;
  appName: string;
}

/** The native menu: File, Edit, View, Window, Help (plus the app menu on macOS). */
export function menuTemplate(a: MenuActions): MenuItemConstructorOptions[] {
  const tabs: MenuItemConstructorOptions[] = ADMIN_TABS.map((label, i) => ({
    label,
    accelerator: `CmdOrCtrl+${i + 1}`,
    click: () => a.selectTab(i),
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
