import type { RepairNote } from './repair-xml';

/**
 * What was wrong with a feed that was still read: the plain words the run and the source test show
 * ("1 undefined entity: &doesnotexist; in item 3"). Written here only.
 */

/** At most this many warnings per feed, each at most this long: they are stored with every run. */
export const MAX_WARNINGS = 8;
const MAX_LENGTH = 240;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** An item's title for a warning (the n-th item of the feed, from 1), if it has one. */
export type TitleOf = (item: number) => string | undefined;

/**
 * `"Council opens new riverside park"`, `"A", "B" and item 4`, "the channel": items by their title
 * (an editor finds them by it), by number only when they have none.
 */
export function where(items: number[], titleOf: TitleOf = () => undefined): string {
  const unique = [...new Set(items)].sort((a, b) => a - b);
  const inItems = unique.filter((n) => n > 0);
  const parts: string[] = [];
  const name = (n: number) => {
    const title = titleOf(n)?.trim();
    if (!title) return `item ${n}`;
    return `"${title.length > TITLE_LENGTH ? `${title.slice(0, TITLE_LENGTH - 1)}…` : title}"`;
  };
  const allNumbered = inItems.every((n) => !titleOf(n)?.trim());
  const shown = inItems.slice(0, allNumbered ? 6 : TITLES_SHOWN);
  const more = inItems.length - shown.length;
  if (allNumbered && inItems.length === 1) parts.push(`item ${inItems[0]}`);
  else if (allNumbered && inItems.length > 1) {
    const list =
      more > 0
        ? `${shown.join(', ')} and ${more} more`
        : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
    parts.push(`items ${list}`);
  } else if (inItems.length) {
    const names = shown.map(name);
    parts.push(
      more > 0
        ? `${names.join(', ')} and ${more} more`
        : names.length > 1
          ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
          : (names[0] as string),
    );
  }
  if (unique.includes(0)) parts.push('the channel');
  return parts.join(' and ');
}

export function repairWarnings(
  notes: RepairNote[],
  itemsWithoutDate: Set<number>,
  titleOf: TitleOf = () => undefined,
): string[] {
  const out: string[] = [];
  const bare = notes.filter((n) => n.kind === 'bare-ampersand');
  if (bare.length) {
    out.push(
      `${plural(bare.length, 'unescaped "&"', 'unescaped "&" characters')} in ${where(
        bare.map((n) => n.item),
        titleOf,
      )}, read as text`,
    );
  }
  const undefinedEntities = notes.filter((n) => n.kind === 'undefined-entity');
  if (undefinedEntities.length) {
    const byEntity = new Map<string, number[]>();
    for (const n of undefinedEntities) byEntity.set(n.entity, [...(byEntity.get(n.entity) ?? []), n.item]);
    const list = [...byEntity].map(([entity, items]) => `${entity} in ${where(items, titleOf)}`).join(', ');
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
      `${plural(dates.length, 'date')} could not be read ("${first.text}" in ${where([first.item], titleOf)}${dates.length > 1 ? ', …' : ''}): shown as "date unknown"`,
    );
  }
  return out;
}

/** The XML broke in a way only a lenient read could get past. */
export const brokenXmlWarning = (error: string) =>
  `The feed's XML is broken (${error}); it was read leniently, so check its items`;

/** `Left out 1 item without a usable link ("Council opens new riverside park")`; "(item 4)" when untitled. */
export const droppedItemsWarning = (items: number[], why: string, titleOf?: TitleOf) =>
  `Left out ${plural(items.length, 'item')} ${why} (${where(items, titleOf)})`;

/** A feed with more new items than one run imports: "500 of 730 new items imported; the rest come with the next runs". */
export const cappedWarning = (imported: number, fresh: number) =>
  `${imported} of ${fresh} new items imported; the rest come with the next runs`;

/** Clip the list for storage: the first ones, each within the length limit. */
export const clipWarnings = (warnings: string[]) =>
  warnings.slice(0, MAX_WARNINGS).map((w) => (w.length > MAX_LENGTH ? `${w.slice(0, MAX_LENGTH - 1)}…` : w));

/**
 * Why an item's picture was not imported (rss/feed-pictures.ts). The item is imported all the same,
 * without a picture; the run shows the reason next to the item's title.
 */
export type PictureProblem =
  | { kind: 'http-status'; status: number }
  | { kind: 'timeout'; ms: number }
  | {
      kind:
        | 'unreachable'
        | 'private-address'
        | 'redirects'
        | 'too-large'
        | 'incomplete'
        | 'address'
        | 'not-a-picture'
        | 'damaged'
        | 'dimensions'
        | 'empty'
        | 'not-stored';
    };

const seconds = (ms: number) => {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
};

/** The reason in plain words: "the server answered 404". */
export function pictureProblemWords(problem: PictureProblem): string {
  switch (problem.kind) {
    case 'http-status':
      return `the server answered ${problem.status}`;
    case 'timeout':
      return `timed out after ${seconds(problem.ms)}`;
    case 'unreachable':
      return "could not reach the picture's server";
    case 'private-address':
      return 'refused: the address is private or local';
    case 'redirects':
      return 'too many redirects';
    case 'too-large':
      return 'larger than 5 MB';
    case 'incomplete':
      return 'the download was cut short';
    case 'address':
      return 'not an http(s) address';
    case 'not-a-picture':
      return 'not a JPEG, PNG, GIF or WebP picture';
    case 'damaged':
      return 'the picture could not be read';
    case 'dimensions':
      return 'the picture has too many pixels';
    case 'empty':
      return 'the file is empty';
    case 'not-stored':
      return 'the picture could not be stored';
  }
}

/** Titles shown in one warning before "and N more" (each warning is stored, and clipped at 240 characters). */
const TITLES_SHOWN = 3;
const TITLE_LENGTH = 48;

/**
 * One warning per reason, naming the items by title: `Imported without a picture (the server
 * answered 404): "Council opens new riverside park" and "Library…"`.
 */
export function pictureWarnings(missed: Array<{ title: string; problem: PictureProblem }>): string[] {
  const byReason = new Map<string, string[]>();
  for (const { title, problem } of missed) {
    const words = pictureProblemWords(problem);
    byReason.set(words, [...(byReason.get(words) ?? []), title]);
  }
  return [...byReason].map(([words, titles]) => {
    const quoted = titles
      .slice(0, TITLES_SHOWN)
      .map((t) => `"${t.length > TITLE_LENGTH ? `${t.slice(0, TITLE_LENGTH - 1)}…` : t}"`);
    const more = titles.length - quoted.length;
    const list =
      more > 0
        ? `${quoted.join(', ')} and ${more} more`
        : quoted.length > 1
          ? `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`
          : quoted[0];
    return `${plural(titles.length, 'item')} imported without a picture (${words}): ${list}`;
  });
}
