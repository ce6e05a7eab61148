/**
 * HTML from outside (a paste or a drop from Google Docs, Word or a web page; an old body opening in
 * the editor) made ready for the editor's schema (issue 31 §3). The schema itself then drops styles,
 * classes, spans and anything it does not know, keeping the text; this pass does what a schema cannot:
 * it unwraps tracking redirects around links, turns Word's fake lists into lists, drops tracking pixels,
 * scripts and Office's own markup, and maps headings onto h2-h4 (the title is the page's only h1).
 */

/** Redirect wrappers and the parameter that holds the real address. */
const WRAPPERS: Array<{ host: RegExp; path?: RegExp; param: string[] }> = [
  { host: /(^|\.)google\.[a-z.]+$/, path: /^\/url$/, param: ['q', 'url'] },
  { host: /(^|\.)safelinks\.protection\.outlook\.com$/, param: ['url'] },
  { host: /^(l|lm)\.facebook\.com$/, path: /^\/l\.php$/, param: ['u'] },
  { host: /^l\.instagram\.com$/, param: ['u'] },
  { host: /(^|\.)youtube\.com$/, path: /^\/redirect$/, param: ['q'] },
  { host: /^(www\.)?linkedin\.com$/, path: /^\/redir\/redirect/, param: ['url'] },
];
const TRACKING_PARAM = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid)$/i;

/** The address a link really leads to: wrappers unwrapped (several deep), tracking parameters dropped. */
export function cleanLink(href: string): string | null {
  let current = href.trim();
  for (let depth = 0; depth < 4; depth++) {
    let url: URL;
    try {
      url = new URL(current);
    } catch {
      return null;
    }
    if (url.protocol === 'mailto:') return current;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const wrapper = WRAPPERS.find((w) => w.host.test(url.hostname) && (!w.path || w.path.test(url.pathname)));
    const inner = wrapper?.param.map((p) => url.searchParams.get(p)).find(Boolean);
    if (inner) {
      current = inner;
      continue;
    }
    for (const key of [...url.searchParams.keys()]) {
      if (TRACKING_PARAM.test(key)) url.searchParams.delete(key);
    }
    return url.toString();
  }
  return null;
}

const DROP =
  'script, style, meta, link, title, noscript, iframe, object, embed, template, svg, button, input, select, textarea, form';

/** Word marks each list paragraph `mso-list:l0 level2 lfo1`; the bullet or number is in a span to ignore. */
function wordLists(doc: Document) {
  const isItem = (el: Element | null): el is HTMLElement =>
    el?.tagName === 'P' && /mso-list:\s*l\d+\s+level\d+/i.test(el.getAttribute(STYLE) ?? '');
  for (const first of Array.from(doc.body.querySelectorAll('p'))) {
    if (!isItem(first) || !first.isConnected) continue;
    if (isItem(first.previousElementSibling)) continue;
    const run: HTMLElement[] = [];
    for (let el: Element | null = first; isItem(el); el = el.nextElementSibling) run.push(el);
    const stack: { list: HTMLElement; level: number }[] = [];
    const root = { current: null as HTMLElement | null };
    for (const p of run) {
      const level = Number(/level(\d+)/i.exec(p.getAttribute(STYLE) ?? '')?.[1] ?? 1);
      const marker = p.querySelector(`[${STYLE}*="mso-list:Ignore" i], [${STYLE}*="mso-list: Ignore" i]`);
      const ordered = /^\(?[0-9a-z]{1,4}[.)]/i.test(marker?.textContent?.trim() ?? '');
      marker?.remove();
      while (stack.length && stack[stack.length - 1]!.level > level) stack.pop();
      let top = stack[stack.length - 1];
      if (!top || top.level < level) {
        const list = doc.createElement(ordered ? 'ol' : 'ul');
        const parentItem = top?.list.lastElementChild;
        if (parentItem) parentItem.appendChild(list);
        else if (!root.current) {
          root.current = list;
          first.before(list);
        } else root.current.appendChild(list);
        top = { list, level };
        stack.push(top);
      }
      const li = doc.createElement('li');
      li.append(...Array.from(p.childNodes));
      top.list.appendChild(li);
      p.remove();
    }
  }
}

function removeComments(doc: Document) {
  const walker = doc.createTreeWalker(doc, 128 /* NodeFilter.SHOW_COMMENT */);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const c of comments) c.parentNode?.removeChild(c);
}

/** Tags a browser lays out as blocks of their own: what stays outside an implied paragraph. */
const BLOCK =
  /^(P|DIV|H[1-6]|UL|OL|LI|BLOCKQUOTE|FIGURE|FIGCAPTION|HR|PRE|TABLE|THEAD|TBODY|TFOOT|TR|TD|TH|DL|DT|DD|SECTION|ARTICLE|ASIDE|HEADER|FOOTER|MAIN|NAV|ADDRESS)$/;

/**
 * Text and inline elements lying loose beside blocks become paragraphs of their own (as a browser
 * shows them), so the schema does not glue them to a neighbour or keep stray edge spaces.
 */
function wrapLoose(doc: Document, parent: Element) {
  let run: ChildNode[] = [];
  const flush = () => {
    const text = run.map((n) => n.textContent ?? '').join('');
    const hasImage = run.some(
      (n) => n.nodeName === 'IMG' || (n.nodeType === 1 && (n as Element).querySelector('img') !== null),
    );
    if (text.trim() || hasImage) {
      const p = doc.createElement('p');
      run[0]!.before(p);
      p.append(...run);
    } else {
      // A stray <br> or space between blocks (Google Docs puts them between lists) is no paragraph.
      for (const n of run) n.remove();
    }
    run = [];
  };
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === 1 && BLOCK.test(node.nodeName)) flush();
    else run.push(node);
  }
  flush();
}

/** Replaces an element by another tag, keeping its children. */
function rename(doc: Document, el: Element, tag: string) {
  const next = doc.createElement(tag);
  next.append(...Array.from(el.childNodes));
  el.replaceWith(next);
}

/**
 * Style attributes are read as text, never parsed by the browser: under the site's CSP (no inline
 * styles) a browser applies none of them to parsed HTML and reports each one as a violation, and
 * ProseMirror's own rules that look at `element.style` (Google Docs' font-weight:normal wrapper) would
 * misread them. So, before any parsing, `style` becomes this attribute, whose meaning is taken below.
 */
const STYLE = 'data-paste-style';
const quarantine = (html: string) =>
  html
    // Never wanted, and a browser would check <style> and frames against the CSP while parsing.
    .replace(/<(script|style|iframe)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[a-zA-Z][^>]*>/g, (tag) =>
      tag.replace(/\sstyle\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)/gi, (_m, value: string) => ` ${STYLE}=${value}`),
    );
const styleOf = (el: Element) => (el.getAttribute(STYLE) ?? '').toLowerCase();
// A property only where its name starts (after `;` or the start): Word writes
// `mso-bidi-font-weight:normal` on ordinary bold, and that is not `font-weight:normal`.
const prop = (name: string, values: string) => new RegExp(`(?:^|[;\\s])${name}\\s*:\\s*(?:${values})\\b`);
const BOLD = prop('font-weight', 'bold|bolder|[6-9]00');
const NOT_BOLD = prop('font-weight', 'normal|lighter|[1-4]00');
const ITALIC = prop('font-style', 'italic');
const HIDDEN = new RegExp(`${prop('display', 'none').source}|${prop('visibility', 'hidden').source}`);

/** What a pasted style meant for a reader: bold and italic become the marks they are; the rest goes. */
function styleMeaning(doc: Document) {
  // Google Docs wraps a whole copy in <b style="font-weight:normal" id="docs-internal-guid-…">.
  for (const b of Array.from(doc.body.querySelectorAll('b, strong'))) {
    if (NOT_BOLD.test(styleOf(b)) || b.id.startsWith('docs-internal-guid'))
      b.replaceWith(...Array.from(b.childNodes));
  }
  for (const el of Array.from(doc.body.querySelectorAll(`[${STYLE}]`))) {
    const style = styleOf(el);
    if (HIDDEN.test(style)) {
      el.remove();
      continue;
    }
    if (el.closest('h1, h2, h3, h4, h5, h6')) continue;
    const inline = !BLOCK.test(el.nodeName) && el.nodeName !== 'IMG';
    if (!inline) continue;
    const wraps = [BOLD.test(style) && 'strong', ITALIC.test(style) && 'em'].filter(Boolean) as string[];
    for (const tag of wraps) {
      const mark = doc.createElement(tag);
      mark.append(...Array.from(el.childNodes));
      el.append(mark);
    }
  }
}

/** Outside HTML made ready for the editor (see the top of this file). Needs a DOM (the browser, happy-dom). */
export function cleanHtml(html: string): string {
  const doc = new DOMParser().parseFromString(quarantine(html), 'text/html');
  removeComments(doc);
  for (const el of Array.from(doc.querySelectorAll(DROP))) el.remove();
  // Office's own tags (<o:p>, <w:sdt>…) carry nothing a reader sees but whitespace.
  for (const el of Array.from(doc.body.querySelectorAll('*'))) {
    if (el.tagName.includes(':')) el.replaceWith(...Array.from(el.childNodes));
  }
  wordLists(doc);
  styleMeaning(doc);
  // A heading is bold by itself: a pasted page's bold inside it is styling, not emphasis.
  for (const el of Array.from(doc.body.querySelectorAll(':is(h1, h2, h3, h4, h5, h6) :is(b, strong)'))) {
    el.replaceWith(...Array.from(el.childNodes));
  }
  for (const el of Array.from(doc.body.querySelectorAll(`[${STYLE}]`))) el.removeAttribute(STYLE);
  for (const el of Array.from(doc.body.querySelectorAll('h1'))) rename(doc, el, 'h2');
  for (const el of Array.from(doc.body.querySelectorAll('h5, h6'))) rename(doc, el, 'h4');
  for (const a of Array.from(doc.body.querySelectorAll('a'))) {
    const href = a.getAttribute('href');
    const clean = href ? cleanLink(href) : null;
    if (!clean) {
      a.replaceWith(...Array.from(a.childNodes));
      continue;
    }
    // Only the address: the site adds target and rel itself when it renders (lib/text/html.ts).
    for (const name of a.getAttributeNames()) a.removeAttribute(name);
    a.setAttribute('href', clean);
  }
  // Tables have no place in the schema: each cell becomes a paragraph, so its words stay apart.
  for (const cell of Array.from(doc.body.querySelectorAll('td, th, caption'))) rename(doc, cell, 'p');
  for (const el of Array.from(doc.body.querySelectorAll('table, thead, tbody, tfoot, tr, colgroup, col'))) {
    el.replaceWith(...Array.from(el.childNodes));
  }
  for (const img of Array.from(doc.body.querySelectorAll('img'))) {
    // Tracking pixels and images without an address are nothing a reader sees.
    const tiny = ['width', 'height'].some(
      (d) => Number(img.getAttribute(d)) > 0 && Number(img.getAttribute(d)) <= 2,
    );
    const src = img.getAttribute('src') ?? '';
    if (tiny || !/^(https?:\/\/|\/)/i.test(src)) img.remove();
  }
  // An image alone in a paragraph (markdown's ![alt](src)) is a figure of its own, not half a paragraph.
  for (const p of Array.from(doc.body.querySelectorAll('p'))) {
    if (!(p.textContent ?? '').trim() && p.querySelector('img'))
      p.replaceWith(...Array.from(p.querySelectorAll('img')));
  }
  wrapLoose(doc, doc.body);
  for (const el of Array.from(doc.body.querySelectorAll('blockquote, li, dd, div'))) {
    if (Array.from(el.children).some((c) => BLOCK.test(c.nodeName))) wrapLoose(doc, el);
  }
  return doc.body.innerHTML;
}
