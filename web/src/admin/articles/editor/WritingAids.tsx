import { readTimeMinutes, wordCount } from '@site/shared';
import { useSite } from '../../../lib/site';
import { usePlatform } from '../../platform';

/** What search engines show before they cut: about 60 characters of title, 160 of description. */
export const SEARCH_TITLE_MAX = 60;
export const SEARCH_DESCRIPTION_MIN = 70;
export const SEARCH_DESCRIPTION_MAX = 160;

const plural = (n: number, one: string) => `${n.toLocaleString('en-GB')} ${one}${n === 1 ? '' : 's'}`;
const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/** The body's images and how many lack a description (figures with an empty alt). */
export function bodyImages(html: string) {
  const imgs = [...html.matchAll(/<img\b[^>]*>/gi)].map((m) => m[0]);
  const src = imgs[0]?.match(/\bsrc="([^"]*)"/i)?.[1] ?? null;
  const withoutAlt = imgs.filter((tag) => !/\balt="[^"]*\S[^"]*"/i.test(tag)).length;
  return { count: imgs.length, firstSrc: src, withoutAlt };
}

/**
 * Beside the editor (issue 31 §6): word count and read time as you type, the search result and the
 * social card the article will make, with length warnings. Read time is the server's own formula
 * (shared readTimeMinutes), so the figure here is the one readers get.
 */
export function WritingAids({
  title,
  description,
  excerpt,
  content,
  slug,
  imageUrl,
}: {
  title: string;
  description: string;
  excerpt: string;
  content: string;
  slug: string;
  imageUrl: string | null;
}) {
  const { brand, siteUrl } = useSite();
  const { apiBase } = usePlatform();
  const origin = apiBase || siteUrl || (typeof window === 'undefined' ? '' : window.location.origin);
  const words = wordCount(content);
  const minutes = readTimeMinutes(content);
  const pageTitle = `${title || 'Untitled'} | ${brand}`;
  const summary = description.trim() || excerpt.trim();
  const images = bodyImages(content);
  const first = imageUrl || images.firstSrc;
  // A site path (/uploads/…) is on the API's server: the desktop app's page lives elsewhere.
  const cardImage = first?.startsWith('/') ? `${apiBase}${first}` : first;
  const host = origin.replace(/^https?:\/\//, '');
  const warnings: string[] = [];
  if (pageTitle.length > SEARCH_TITLE_MAX)
    warnings.push(
      `The title with the site name is ${pageTitle.length} characters: search results show about ${SEARCH_TITLE_MAX}.`,
    );
  if (!summary)
    warnings.push('Add a meta description or an excerpt: it is the text under the title in results.');
  else if (summary.length > SEARCH_DESCRIPTION_MAX)
    warnings.push(
      `The description is ${summary.length} characters: results cut it at about ${SEARCH_DESCRIPTION_MAX}.`,
    );
  else if (summary.length < SEARCH_DESCRIPTION_MIN)
    warnings.push(
      `The description is ${summary.length} characters: ${SEARCH_DESCRIPTION_MIN}-${SEARCH_DESCRIPTION_MAX} says more in results.`,
    );
  if (!cardImage)
    warnings.push('No image: social cards will show none. Add a main image or one in the text.');
  if (images.withoutAlt > 0)
    warnings.push(
      `${plural(images.withoutAlt, 'image')} in the text ${images.withoutAlt === 1 ? 'has' : 'have'} no alt text.`,
    );

  return (
    <aside aria-label="Writing aids" className="space-y-4 text-sm">
      <p data-testid="word-count" className="rounded-md bg-stone-100 px-3 py-2 font-medium text-stone-800">
        {plural(words, 'word')} · {minutes} min read
      </p>
      <section aria-labelledby="aid-search" className="rounded-md border border-stone-200 bg-white p-3">
        <h4 id="aid-search" className="mb-2 text-xs font-semibold uppercase tracking-wide text-stone-600">
          Search result
        </h4>
        <p className="break-all text-xs text-stone-600">
          {host}/content/{slug || '…'}
        </p>
        <p className="text-base text-blue-800">{cut(pageTitle, SEARCH_TITLE_MAX)}</p>
        <p className="text-stone-700">
          {summary ? cut(summary, SEARCH_DESCRIPTION_MAX) : '(no description)'}
        </p>
      </section>
      <section
        aria-labelledby="aid-social"
        className="overflow-hidden rounded-md border border-stone-200 bg-white"
      >
        <h4
          id="aid-social"
          className="px-3 pt-3 text-xs font-semibold uppercase tracking-wide text-stone-600"
        >
          Social card
        </h4>
        {cardImage ? (
          <img src={cardImage} alt="" className="mt-2 aspect-[1.91/1] w-full object-cover" />
        ) : (
          <div className="mt-2 flex aspect-[1.91/1] w-full items-center justify-center bg-stone-100 text-stone-500">
            No image
          </div>
        )}
        <div className="p-3">
          <p className="text-xs uppercase text-stone-500">{host}</p>
          <p className="font-semibold text-stone-900">{pageTitle}</p>
          <p className="line-clamp-2 text-stone-700">{summary}</p>
        </div>
      </section>
      {warnings.length > 0 && (
        <ul aria-label="Suggestions" className="list-disc space-y-1 pl-5 text-amber-900">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
    </aside>
  );
}
