/**
 * Where an article's title lives (issue 26): in `title`, which the page shows as its one <h1>. A body
 * that starts with its own heading-1 repeating that title (the markdown form "# Title", or HTML
 * "<h1>Title</h1>") showed the title twice, so writers store the body without it. The same rule runs
 * once over existing rows in SQL (api/drizzle/0010_article_title_once.sql); keep the two alike.
 */

/** Words only, lower case: "Sleep Hygiene: A Reset" and "sleep hygiene — a reset" compare equal. */
export function titleWords(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const LEADING_MARKDOWN_H1 = /^\s*#[ \t]+([^\n]*)(?:\n[ \t]*)*/;
const LEADING_HTML_H1 = /^\s*<h1(?:\s[^>]*)?>([\s\S]*?)<\/h1>\s*/i;

/**
 * The body without a leading heading-1 that repeats the title: the heading's words equal the title's,
 * or one holds the other ("# Sleep Hygiene" above "Sleep Hygiene: A Gentle Reset"). Any other body,
 * including one that opens with a different heading, is returned unchanged.
 */
export function withoutRepeatedTitle(title: string, body: string): string {
  const match = LEADING_MARKDOWN_H1.exec(body) ?? LEADING_HTML_H1.exec(body);
  if (!match) return body;
  const heading = titleWords(match[1] ?? '');
  const words = titleWords(title);
  if (!heading || !words) return body;
  const repeats = ` ${words} `.includes(` ${heading} `) || ` ${heading} `.includes(` ${words} `);
  return repeats ? body.slice(match[0].length) : body;
}
