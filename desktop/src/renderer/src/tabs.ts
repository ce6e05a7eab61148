/** Ctrl/Cmd+1…8 from the native menu: activate the admin's n-th tab, however the admin module renders tabs. */
export function selectTab(index: number, root: ParentNode = document) {
  const tabs = root.querySelectorAll<HTMLElement>('[role="tab"]');
  const tab = tabs[index];
  if (!tab) return false;
  tab.click();
  tab.focus();
  return true;
}
