import type { RepairNote } from './repair-xml';

/**
 * What was wrong with a feed that was still read: the plain words the run and the source test show
 * ("1 undefined entity: &doesnotexist; in item 3"). Written here only.
 */

/** At most this many warnings per feed, each at most this long: they are stored with every run. */
export const MAX_WARNINGS = 8;
const MAX_LENGTH = 240;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "item 3", "items 1, 4 and 7", "the channel". */
export function where(items: number[]): string {
  const unique = [...new Set(items)].sort((a, b) => a - b);
  const inItems = unique.filter((n) => n > 0);
  const parts: string[] = [];
  if (inItems.length === 1) parts.push(`item ${inItems[0]}`);
  else if (inItems.length > 1) {
    const shown = inItems.slice(0, 6);
    const list =
      inItems.length > shown.length
        ? `${shown.join(', ')} and ${inItems.length - shown.length} more`
        : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
    parts.push(`items ${list}`);
  }
  if (unique.includes(0)) parts.push('the channel');
  return parts.join(' and ');
}

export function repairWarnings(notes: RepairNote[], itemsWithoutDate: Set<number>): string[] {
  const out: string[] = [];
  const bare = notes.filter((n) => n.kind === 'bare-ampersand');
  if (bare.length) {
    out.push(
      `${plural(bare.length, 'unescaped "&"', 'unescaped "&" characters')} in ${where(bare.map((n) => n.item))}, read as text`,
    );
  }
  const undefinedEntities = notes.filter((n) => n.kind === 'undefined-entity');
  if (undefinedEntities.length) {
    const byEntity = new Map<string, number[]>();
    for (const n of undefinedEntities) byEntity.set(n.entity, [...(byEntity.get(n.entity) ?? []), n.item]);
    const list = [...byEntity].map(([entity, items]) => `${entity} in ${where(items)}`).join(', ');
    out.push(
      `${plural(undefinedEntities.length, 'undefined entity', 'undefined entities')}: ${list} (kept as text)`,
    );
  }
  // Only dates whose item ended up with none: a readable <updated> makes up for an unreadable <published>.
  const dates = notes.filter(
    (n): n is Extract<RepairNote, { kind: 'unreadable-date' }> =>
      n.kind === 'unreadable-date' && itemsWithoutDate.has(n.item),
  );
  if (dates.length) {
    const first = dates[0] as (typeof dates)[number];
    out.push(
      `${plural(dates.length, 'date')} could not be read ("${first.text}" in ${where([first.item])}${dates.length > 1 ? ', …' : ''}): shown as "date unknown"`,
    );
  }
  return out;
}

/** The XML broke in a way only a lenient read could get past. */
export const brokenXmlWarning = (error: string) =>
  `The feed's XML is broken (${error}); it was read leniently, so check its items`;

/** "Left out 1 item without a link (item 4)". */
export const droppedItemsWarning = (items: number[], why: string) =>
  `Left out ${plural(items.length, 'item')} ${why} (${where(items)})`;

/** Clip the list for storage: the first ones, each within the length limit. */
export const clipWarnings = (warnings: string[]) =>
  warnings.slice(0, MAX_WARNINGS).map((w) => (w.length > MAX_LENGTH ? `${w.slice(0, MAX_LENGTH - 1)}…` : w));
