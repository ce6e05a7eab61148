import { diffWords } from 'diff';

/**
 * A body as readable text for comparing: one line per block (paragraph, heading, list item, quote,
 * caption), images as "[Image: alt]" so adding or describing one shows in the diff. Needs a DOM.
 */
export function bodyText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const img of Array.from(doc.querySelectorAll('img'))) {
    img.replaceWith(doc.createTextNode(`[Image: ${img.getAttribute('alt') || 'no alt text'}] `));
  }
  // A figure is one line: its image and its caption.
  for (const figure of Array.from(doc.querySelectorAll('figure'))) {
    const p = doc.createElement('p');
    p.textContent = figure.textContent ?? '';
    figure.replaceWith(p);
  }
  for (const hr of Array.from(doc.querySelectorAll('hr'))) {
    const p = doc.createElement('p');
    p.textContent = '———';
    hr.replaceWith(p);
  }
  const blocks = doc.body.querySelectorAll(
    'p, h1, h2, h3, h4, h5, h6, li, blockquote, figure, figcaption, pre',
  );
  const leaves = Array.from(blocks).filter(
    (el) => !el.querySelector('p, h1, h2, h3, h4, h5, h6, li, figcaption'),
  );
  const lines = (leaves.length ? leaves : [doc.body]).map((el) =>
    (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
  );
  return lines.filter(Boolean).join('\n');
}

export interface DiffPart {
  text: string;
  kind: 'same' | 'added' | 'removed';
}

/** Word-level difference of two revisions' titles and bodies (jsdiff's diffWords). */
export function revisionDiff(
  older: { title: string; content: string },
  newer: { title: string; content: string },
): { title: DiffPart[]; body: DiffPart[] } {
  const parts = (a: string, b: string): DiffPart[] =>
    diffWords(a, b).map((c) => ({ text: c.value, kind: c.added ? 'added' : c.removed ? 'removed' : 'same' }));
  return {
    title: parts(older.title, newer.title),
    body: parts(bodyText(older.content), bodyText(newer.content)),
  };
}
