import { formatDateTime, LIMITS } from '@site/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { ArticleCard, categoryLabel } from '../../components/ui/ArticleCard';
import { Badge } from '../../components/ui/Badge';
import { Img } from '../../components/ui/Img';
import { ARTICLE_COLUMN_SIZES, RELATED_ARTICLE_SIZES } from '../../components/ui/picture-sizes';
import { RelativeTime } from '../../components/ui/RelativeTime';
import { buttonClass } from '../../components/ui/styles';
import {
  type ArticleDetail,
  type ArticleListItem,
  articleHref,
  articleKey,
  relatedKey,
} from '../../lib/content';
import { Seo, useHttpStatus } from '../../lib/seo';
import { useSite } from '../../lib/site';
import { useReadBeacon } from './read-beacon';
import { ShareButtons } from './ShareButtons';
import { SubscribeForm } from '../../components/newsletter/SubscribeForm';

export function NotFound() {
  useHttpStatus(404);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <Seo
        title="Article Not Found"
        description="This article does not exist or is no longer available."
        noindex
      />
      <h1 className="font-serif text-3xl font-bold">Article Not Found</h1>
      <p className="mt-4 text-stone-600">The article you're looking for doesn't exist or has been removed.</p>
      <Link to="/" className={`${buttonClass.primary} mt-8`}>
        Back to Home
      </Link>
    </section>
  );
}

function Related({ article }: { article: ArticleDetail }) {
  const q = useQuery<ArticleListItem[]>({ queryKey: relatedKey(article.id) });
  const related = (q.data ?? []).slice(0, LIMITS.relatedArticles);
  if (!related.length) return null;
  return (
    <section aria-labelledby="related" className="mt-16 border-t border-stone-200 pt-10">
      <h2 id="related" className="font-serif text-2xl font-bold">
        Related Articles
      </h2>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        {related.map((a) => (
          <ArticleCard key={a.id} article={a} sizes={RELATED_ARTICLE_SIZES} />
        ))}
      </div>
    </section>
  );
}

/** /content/{slug or id} and /article/{id}. */
export function ArticlePage() {
  const { identifier = '', id } = useParams();
  const key = id ?? identifier;
  // retryOnMount off: a 404 from the server render stays a 404 here (same screen, no refetch, no mismatch).
  const q = useQuery<ArticleDetail>({ queryKey: articleKey(key), retryOnMount: false });
  useReadBeacon(q.data?.id);
  if (q.isLoading) {
    return (
      <div role="status" aria-label="Loading" className="mx-auto max-w-3xl animate-pulse px-4 py-12">
        <div className="aspect-video rounded-xl bg-stone-200" />
        <div className="mt-6 h-8 w-3/4 rounded bg-stone-200" />
      </div>
    );
  }
  if (!q.data) return <NotFound />;
  return <ArticleView article={q.data} />;
}

/** The article as readers see it; a preview renders this same view (noindex). */
/**
 * "3 days ago" (made relative in the browser: the server writes the date, so a stored page never goes
 * stale); a time still to come (only an editor's preview of a scheduled article shows one) says when
 * it will go out, not "just now".
 */
function PublishedTime({ publishedAt }: { publishedAt: string | null }) {
  if (!publishedAt) return <span>Recently</span>;
  if (new Date(publishedAt).getTime() > Date.now())
    return <time dateTime={publishedAt}>Scheduled for {formatDateTime(publishedAt, { zone: false })}</time>;
  return <RelativeTime iso={publishedAt} />;
}

export function ArticleView({ article: a, noindex = false }: { article: ArticleDetail; noindex?: boolean }) {
  const { siteUrl, brand } = useSite();
  const url = `${siteUrl}${articleHref(a)}`;
  const image = a.imageUrl
    ? a.imageUrl.startsWith('http')
      ? a.imageUrl
      : `${siteUrl}${a.imageUrl}`
    : undefined;
  const label = categoryLabel(a.category);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <Seo
        title={a.title}
        description={a.description || a.excerpt}
        keywords={[...a.tags, label]}
        image={a.imageUrl}
        path={articleHref(a)}
        type="article"
        noindex={noindex}
        jsonLd={[
          {
            '@context': 'https://schema.org',
            '@type': 'Article',
            headline: a.title,
            description: a.description || a.excerpt,
            image: image ? [image] : undefined,
            datePublished: a.publishedAt ?? a.createdAt,
            dateModified: a.updatedAt,
            author: { '@type': a.author ? 'Person' : 'Organization', name: a.author || brand },
            publisher: {
              '@type': 'Organization',
              name: brand,
              logo: { '@type': 'ImageObject', url: `${siteUrl}/favicon.svg` },
            },
            mainEntityOfPage: url,
            articleSection: label,
            keywords: a.tags.join(', '),
          },
          {
            '@context': 'https://schema.org',
            '@type': 'BreadcrumbList',
            itemListElement: [
              { '@type': 'ListItem', position: 1, name: 'Home', item: `${siteUrl}/` },
              { '@type': 'ListItem', position: 2, name: label, item: `${siteUrl}/news/${a.category}` },
              { '@type': 'ListItem', position: 3, name: a.title, item: url },
            ],
          },
        ]}
      />
      <Link to="/" className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to Home
      </Link>
      <Img
        src={a.imageUrl}
        sizes={ARTICLE_COLUMN_SIZES}
        eager
        alt={a.title}
        className="mt-6 aspect-video w-full rounded-xl object-cover"
      />
      <div className="mt-6 flex flex-wrap items-center gap-3 text-sm text-stone-500">
        <Badge>{label}</Badge>
        {a.dateUnknown ? (
          // The feed gave no readable date: never "just now" for an old story.
          <span>Date unknown</span>
        ) : (
          <PublishedTime publishedAt={a.publishedAt} />
        )}
        <span aria-hidden="true">·</span>
        <span>{a.readTime} min read</span>
        {a.author && (
          // Phones: the byline gets a line of its own (a separator left dangling at a line end read badly).
          <>
            <span aria-hidden="true" className="hidden sm:inline">
              ·
            </span>
            <span className="basis-full sm:basis-auto">By {a.author}</span>
          </>
        )}
      </div>
      <h1 className="mt-4 font-serif text-4xl font-bold text-stone-900">{a.title}</h1>
      <p className="mt-4 text-lg text-stone-600">{a.excerpt}</p>
      <ShareButtons url={url} title={a.title} />
      {/* Made safe on the server (sanitize-html; markdown converted by marked). */}
      <div
        className="article-body mt-8 space-y-4 leading-relaxed text-stone-800 [&_a]:text-brand-700 [&_a]:underline [&_h1]:mt-8 [&_h1]:font-serif [&_h1]:text-3xl [&_h1]:font-bold [&_h2]:mt-8 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_img]:h-auto [&_img]:w-full [&_img]:rounded-xl [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:italic"
        dangerouslySetInnerHTML={{ __html: a.contentHtml }}
      />
      {a.isExternal && a.url && (
        <p className="mt-8">
          <a href={a.url} target="_blank" rel="noopener noreferrer" className={buttonClass.primary}>
            Read the full story{a.source ? ` on ${a.source}` : ''}
          </a>
        </p>
      )}
      {a.tags.length > 0 && (
        <ul aria-label="Tags" className="mt-8 flex flex-wrap gap-2">
          {a.tags.map((t) => (
            <li key={t} className="rounded-full bg-stone-100 px-3 py-1 text-sm text-stone-700">
              #{t}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-10 rounded-2xl border border-brand-100 bg-brand-50 p-5">
        <SubscribeForm where="article" heading="Enjoyed this? Get the weekly newsletter" />
      </div>
      <Related article={a} />
    </article>
  );
}
