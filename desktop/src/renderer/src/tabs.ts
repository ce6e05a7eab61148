/**
 * From the native menu (Ctrl/Cmd+1…9): activate the admin's tab of that name, however the admin module
 * renders tabs. By name, not place: a role without some tabs has them in other places. A tab the role
 * does not have: nothing happens.
 */
export function selectTab(name: string, root: ParentNode = document) {
  const tabs = [...root.querySelectorAll<HTMLElement>('[role="tab"]')];
  // A tab's text may end in a count ("Messages 4").
  const tab = tabs.find((t) => {
    const text = (t.textContent ?? '').replace(/\s+/g, ' ').trim();
    return text === name || (text.startsWith(name) && /^\s*\d+$/.test(text.slice(name.length)));
  });
  if (!tab) return false;
  tab.click();
  tab.focus();
  return true;
}
