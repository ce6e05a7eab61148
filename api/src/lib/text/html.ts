import { ARTICLE_BODY_SIZES, hasControlChars, pictureSources } from '@site/shared';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { isInsideHost } from './inside-address';

/** Spec §2: bodies with paragraph, div, h1 or h2 markup are HTML; anything else is markdown-like text. */
const HTML_BODY = /<(p|div|h1|h2)[\s>]/i;

// breaks: single newlines become <br> (spec: "line breaks").
const marked = new Marked({ gfm: true, breaks: true, async: false });

/**
 * This site's folders an image may show: uploads, and the demo images the seed articles use. Both
 * are static files; every other path of the site (/api/..., /go/...) may do something when fetched.
 */
const SITE_IMAGE_PATH = /^\/(uploads|demo)\/[\w.-]+$/;

/**
 * Whether an <img> may point there (issue 27): an absolute http(s) address of another site, or a
 * file in this site's uploads (or demo images), by path or by absolute address on `siteUrl`. A GET a
 * reader's browser sends by itself for an image in someone else's text must never reach a route.
 * This server under another name (its host on another port or scheme, localhost, 127.0.0.1, [::1])
 * and private networks are never another site (issue 40 §11); nor is a plain-http address on an
 * https site (mixed content, and a request anyone on the reader's network can rewrite).
 */
export function allowedImageSrc(
  src: string | undefined,
  siteUrl?: string,
  // Tests' feeds and picture servers listen on 127.0.0.1 (RSS_ALLOW_PRIVATE): a fetch by the server,
  // which safe-fetch guards, not an address a reader's browser is sent to.
  { privateAllowed = false }: { privateAllowed?: boolean } = {},
): boolean {
  const value = src?.trim();
  // Browsers drop tab and newlines inside URLs and read a backslash as a slash: neither is ours.
  if (!value || value.includes('\\') || /[\t\n\r]/.test(value) || hasControlChars(value)) return false;
  try {
    if (value.startsWith('/')) {
      // `//host/…` (protocol-relative) resolves to another origin: refused by the origin test.
      const url = new URL(value, 'http://site.invalid');
      return url.origin === 'http://site.invalid' && !url.search && SITE_IMAGE_PATH.test(url.pathname);
    }
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (url.username || url.password) return false;
    const site = siteUrl ? new URL(siteUrl) : undefined;
    if (site && url.origin === site.origin) return !url.search && SITE_IMAGE_PATH.test(url.pathname);
    if (site && url.hostname === site.hostname) return false;
    if (!privateAllowed && isInsideHost(url.hostname)) return false;
    return !(site?.protocol === 'https:' && url.protocol === 'http:');
  } catch {
    return false;
  }
}

/**
 * Images in bodies are below the fold: lazy, and never block the first paint. A picture from our
 * uploads offers its sizes (issue 39), with its own dimensions (no layout shift) and its focal point;
 * a srcset or sizes the writer sent is dropped (only `src` is checked: allowedImageSrc).
 */
function bodyImage(attribs: Record<string, string>): Record<string, string> {
  const { srcset: _srcset, sizes: _sizes, ...rest } = attribs;
  const out: Record<string, string> = { ...rest, loading: 'lazy', decoding: 'async' };
  if (!rest.src) return out;
  const picture = pictureSources(rest.src, { width: 0, height: 0 });
  const webp = picture.sets.find((s) => s.format === 'webp');
  if (!webp) return out;
  out.src = picture.src;
  out.srcset = webp.srcset;
  out.sizes = ARTICLE_BODY_SIZES;
  out.width = String(picture.width);
  out.height = String(picture.height);
  return out;
}

const LINK_BUTTON =
  'inline-block rounded-full bg-brand-700 px-4 py-2 my-1 font-semibold text-white no-underline hover:bg-brand-800';

function sanitize(html: string, linksAsButtons: boolean, siteUrl: string | undefined): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel', 'class'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding', 'srcset', 'sizes'],
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
      img: (tagName, attribs) => ({ tagName, attribs: bodyImage(attribs) }),
    },
    // An image whose address is not allowed (or was dropped for its scheme) goes altogether.
    exclusiveFilter: (frame) => frame.tag === 'img' && !allowedImageSrc(frame.attribs.src, siteUrl),
  });
}

/**
 * Safe HTML for an article body, made on the server so no markdown or sanitiser code ships to browsers.
 * `siteUrl` (SITE_URL) lets images that name this site by absolute address be checked too.
 */
export function articleBodyHtml(content: string, siteUrl?: string): string {
  if (HTML_BODY.test(content)) return sanitize(content, false, siteUrl);
  const html = marked.parse(content) as string;
  return sanitize(html, true, siteUrl);
}
