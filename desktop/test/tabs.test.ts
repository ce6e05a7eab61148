import { describe, expect, it } from 'vitest';
import { selectTab } from '../src/renderer/src/tabs';

/** Tabs as an editor's dashboard renders them: no Users, no Audit, a count on Messages. */
function dashboard(names: string[]) {
  const clicked: string[] = [];
  const tabs = names.map((text) => ({
    textContent: text,
    click: () => clicked.push(text),
    focus: () => undefined,
  }));
  const root = { querySelectorAll: () => tabs } as unknown as ParentNode;
  return { root, clicked };
}

describe('the menu selects a tab by its name (renderer/src/tabs.ts)', () => {
  const editor = [
    'Articles',
    'Products',
    'Recipes',
    'Categories',
    'Messages\n 4',
    'RSS Feeds',
    'AI Content',
    'Newsletter',
  ];

  it('finds the named tab wherever the role’s dashboard puts it, a count after the name included', () => {
    const d = dashboard(editor);
    expect(selectTab('RSS Feeds', d.root)).toBe(true);
    expect(selectTab('Messages', d.root)).toBe(true);
    expect(d.clicked).toEqual(['RSS Feeds', 'Messages\n 4']);
  });

  it('does nothing for a tab the role does not have, and never takes a longer name for a shorter one', () => {
    const d = dashboard([...editor, 'Articles archive']);
    expect(selectTab('Users', d.root)).toBe(false);
    expect(selectTab('Audit', d.root)).toBe(false);
    expect(selectTab('Article', d.root)).toBe(false);
    expect(d.clicked).toEqual([]);
  });
});
