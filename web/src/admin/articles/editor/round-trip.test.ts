import { articleBodyHtml, bodyCorpus, type CorpusBody } from '@site/api/test/body-corpus';
import { Editor } from '@tiptap/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyExtensions, storedHtml } from './extensions';
import { cleanHtml } from './paste-clean';

const SITE = 'http://localhost:3000';

/** Opens a body the way the form does (the server's rendering, cleaned) and returns what a save stores. */
function throughEditor(rendered: string): string {
  const editor = new Editor({ extensions: bodyExtensions(), content: cleanHtml(rendered) });
  try {
    return storedHtml(editor.state.doc, editor.schema);
  } finally {
    editor.destroy();
  }
}

const BLOCKS =
  'p, div, dl, dt, dd, h1, h2, h3, h4, h5, h6, li, ul, ol, blockquote, figure, figcaption, hr, br, pre, table, tr, td, th, section, article';

/** What a reader reads, word by word: block boundaries are word boundaries, markup is not. */
function words(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const el of Array.from(doc.body.querySelectorAll(BLOCKS))) {
    el.before(doc.createTextNode(' '));
    el.after(doc.createTextNode(' '));
  }
  return (doc.body.textContent ?? '').split(/\s+/).filter(Boolean);
}
const links = (html: string) =>
  Array.from(new DOMParser().parseFromString(html, 'text/html').querySelectorAll('a[href]')).map((a) => [
    a.getAttribute('href'),
    (a.textContent ?? '').replace(/\s+/g, ' ').trim(),
  ]);
const images = (html: string) =>
  Array.from(new DOMParser().parseFromString(html, 'text/html').querySelectorAll('img')).map((i) => [
    i.getAttribute('src'),
    i.getAttribute('alt') ?? '',
  ]);

/**
 * Every demo and RSS body opens in the rich editor and, saved, reads the same (issue 31 §1): the same
 * words in the same order, the same links (address and text) and images (address and alt text), once
 * the server renders it as it does today. A markdown-like body becomes HTML on that first save; a
 * second pass through the editor changes nothing.
 */
describe('demo and RSS bodies through the rich editor', () => {
  let corpus: CorpusBody[] = [];
  beforeAll(async () => {
    corpus = await bodyCorpus();
  }, 30_000);

  it('the corpus holds every demo article, markdown-like and HTML, and RSS items from every kind of feed', () => {
    expect(corpus.filter((b) => b.name.startsWith('demo ')).length).toBeGreaterThanOrEqual(25);
    expect(corpus.some((b) => b.name.startsWith('demo ') && !/<p[\s>]/.test(b.content))).toBe(true);
    expect(corpus.filter((b) => b.name.startsWith('rss ')).length).toBeGreaterThanOrEqual(30);
  });

  it('keeps every word, link and image of every body; the stored form is stable', () => {
    const problems: string[] = [];
    let markdown = 0;
    for (const body of corpus) {
      const before = articleBodyHtml(body.content, SITE);
      const stored = throughEditor(before);
      const after = articleBodyHtml(stored, SITE);
      if (!/<(p|div|h1|h2)[\s>]/i.test(body.content)) markdown++;
      const [w0, w1] = [words(before), words(after)];
      if (w0.join(' ') !== w1.join(' ')) {
        const at = w0.findIndex((w, i) => w !== w1[i]);
        problems.push(
          `${body.name}: words differ at ${at}: "${w0.slice(at, at + 6).join(' ')}" vs "${w1.slice(at, at + 6).join(' ')}"`,
        );
      }
      if (JSON.stringify(links(before)) !== JSON.stringify(links(after)))
        problems.push(
          `${body.name}: links ${JSON.stringify(links(before))} → ${JSON.stringify(links(after))}`,
        );
      if (JSON.stringify(images(before)) !== JSON.stringify(images(after)))
        problems.push(
          `${body.name}: images ${JSON.stringify(images(before))} → ${JSON.stringify(images(after))}`,
        );
      // Stored as HTML the server reads as HTML, and a second round changes nothing.
      if (!/<(p|div|h1|h2)[\s>]/i.test(stored))
        problems.push(`${body.name}: stored body is not read as HTML`);
      if (throughEditor(articleBodyHtml(stored, SITE)) !== stored) problems.push(`${body.name}: not stable`);
    }
    expect(markdown).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });
});
