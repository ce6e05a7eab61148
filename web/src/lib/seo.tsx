import { createContext, useContext, useEffect } from 'react';

export interface SeoProps {
  /** Page title without the brand suffix. */
  title: string;
  description?: string | undefined;
  keywords?: string[] | undefined;
  /** Absolute or site-relative image URL (made absolute). */
  image?: string | null | undefined;
  /** Site-relative canonical path; defaults to the current path. */
  path?: string | undefined;
  noindex?: boolean | undefined;
  type?: 'website' | 'article' | 'product' | undefined;
  jsonLd?: Record<string, unknown> | Record<string, unknown>[] | undefined;
}

export interface SiteInfo {
  siteUrl: string;
  brand: string;
}

/** Collects the page's head on the server; the last <Seo> rendered wins. */
export interface HeadCollector {
  props: SeoProps | null;
  status: number;
}

export const SiteContext = createContext<SiteInfo>({ siteUrl: '', brand: 'Bloom & Balance' });
export const HeadContext = createContext<HeadCollector | null>(null);

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl)
    ? pathOrUrl
    : `${siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

interface HeadTag {
  tag: 'title' | 'meta' | 'link' | 'script';
  attrs: Record<string, string>;
  text?: string;
}

/** The full tag list for a page; one function for the server string and the client update. */
export function headTags(p: SeoProps, site: SiteInfo, currentPath: string): HeadTag[] {
  const title = `${p.title} | ${site.brand}`;
  const url = absoluteUrl(site.siteUrl, p.path ?? currentPath);
  const image = absoluteUrl(site.siteUrl, p.image || '/demo/og-default.webp');
  const description = p.description ?? '';
  const tags: HeadTag[] = [
    { tag: 'title', attrs: {}, text: title },
    { tag: 'meta', attrs: { name: 'description', content: description } },
    { tag: 'meta', attrs: { name: 'keywords', content: (p.keywords ?? []).join(', ') } },
    { tag: 'meta', attrs: { name: 'robots', content: p.noindex ? 'noindex, nofollow' : 'index, follow' } },
    { tag: 'link', attrs: { rel: 'canonical', href: url } },
    { tag: 'meta', attrs: { property: 'og:type', content: p.type ?? 'website' } },
    { tag: 'meta', attrs: { property: 'og:site_name', content: site.brand } },
    { tag: 'meta', attrs: { property: 'og:title', content: title } },
    { tag: 'meta', attrs: { property: 'og:description', content: description } },
    { tag: 'meta', attrs: { property: 'og:image', content: image } },
    { tag: 'meta', attrs: { property: 'og:url', content: url } },
    { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' } },
    { tag: 'meta', attrs: { name: 'twitter:title', content: title } },
    { tag: 'meta', attrs: { name: 'twitter:description', content: description } },
    { tag: 'meta', attrs: { name: 'twitter:image', content: image } },
    {
      tag: 'link',
      attrs: {
        rel: 'alternate',
        type: 'application/rss+xml',
        title: `${site.brand} – latest articles`,
        href: '/feed.xml',
      },
    },
  ];
  const ld = p.jsonLd ? (Array.isArray(p.jsonLd) ? p.jsonLd : [p.jsonLd]) : [];
  for (const item of ld) {
    // "<" escaped so article text can never close the script element.
    tags.push({
      tag: 'script',
      attrs: { type: 'application/ld+json' },
      text: JSON.stringify(item).replace(/</g, '\\u003c'),
    });
  }
  return tags;
}

export function headTagsToHtml(tags: HeadTag[]): string {
  return tags
    .map((t) => {
      const attrs = Object.entries(t.attrs)
        .map(([k, v]) => ` ${k}="${esc(v)}"`)
        .join('');
      if (t.tag === 'meta' || t.tag === 'link') return `<${t.tag} data-seo${attrs}>`;
      const text = t.tag === 'script' ? (t.text ?? '') : esc(t.text ?? '');
      return `<${t.tag} data-seo${attrs}>${text}</${t.tag}>`;
    })
    .join('\n    ');
}

/**
 * The head the server wrote is still the page's until the first navigation: applying it again while
 * hydrating removed and re-created every tag (JSON-LD included) in the start-up task (issue 26 §13).
 */
let serverHead = typeof document !== 'undefined' && document.head.querySelector('[data-seo]') !== null;

/** Declares the page's head. Server: collected into the HTML. Browser: applied after navigation. */
export function Seo(props: SeoProps) {
  const collector = useContext(HeadContext);
  const site = useContext(SiteContext);
  if (collector) collector.props = props;
  const key = JSON.stringify(props);
  useEffect(() => {
    const tags = headTags(props, site, window.location.pathname);
    const wasServerHead = serverHead;
    serverHead = false;
    if (wasServerHead && document.title === tags[0]?.text) return;
    for (const el of Array.from(document.head.querySelectorAll('[data-seo]'))) el.remove();
    for (const t of tags) {
      if (t.tag === 'title') {
        document.title = t.text ?? '';
        continue;
      }
      const el = document.createElement(t.tag);
      el.setAttribute('data-seo', '');
      for (const [k, v] of Object.entries(t.attrs)) el.setAttribute(k, v);
      if (t.text) el.textContent = t.text;
      document.head.appendChild(el);
    }
  }, [key, site]);
  return null;
}

/** Sets the HTTP status of a server render (404 pages). */
export function useHttpStatus(status: number) {
  const collector = useContext(HeadContext);
  if (collector) collector.status = status;
}
