import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** Spec §2: bodies with paragraph, div, h1 or h2 markup are HTML; anything else is markdown-like text. */
const HTML_BODY = /<(p|div|h1|h2)[\s>]/i;

// breaks: single newlines become <br> (spec: "line breaks").
const marked = new Marked({ gfm: true, breaks: true, async: false });

const LINK_BUTTON =
  'inline-block rounded-full bg-brand-700 px-4 py-2 my-1 font-semibold text-white no-underline hover:bg-brand-800';

function sanitize(html: string, linksAsButtons: boolean): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel', 'class'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    },
    // http(s) only; site paths such as /demo/x.webp stay allowed.
    allowedSchemes: ['http', 'https'],
    allowedSchemesByTag: { a: ['http', 'https', 'mailto'] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const out: Record<string, string> = { ...attribs, target: '_blank', rel: 'noopener noreferrer' };
        if (linksAsButtons) out.class = LINK_BUTTON;
        else delete out.class;
        return { tagName, attribs: out };
      },
      // Images in bodies are below the fold: lazy, and never block the first paint.
      img: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, loading: 'lazy', decoding: 'async' },
      }),
    },
  });
}

/** Safe HTML for an article body, made on the server so no markdown or sanitiser code ships to browsers. */
export function articleBodyHtml(content: string): string {
  if (HTML_BODY.test(content)) return sanitize(content, false);
  const html = marked.parse(content) as string;
  return sanitize(html, true);
}
