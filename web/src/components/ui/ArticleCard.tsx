import { type AnyArticleCategory, CATEGORY_LABELS, LIMITS } from '@site/shared';
import { Link } from 'react-router-dom';
import type { ArticleListItem } from '../../lib/content';
import { articleHref } from '../../lib/content';
import { Badge } from './Badge';
import { Img } from './Img';

export const categoryLabel = (c: string) => CATEGORY_LABELS[c as AnyArticleCategory] ?? c;

/**
 * Card for lists; external items (RSS) open their source in a new tab. `heading` is the card
 * title's level: one below the heading the list sits under (h2 under a page's h1). `sizes` is the
 * width of the list's grid cell (`picture-sizes.ts`): the list owns the layout.
 */
export function ArticleCard({
  article,
  sizes,
  eager,
  heading: Heading = 'h3',
}: {
  article: ArticleListItem;
  sizes: string;
  eager?: boolean;
  heading?: 'h2' | 'h3';
}) {
  const body = (
    <>
      <Img src={article.imageUrl} sizes={sizes} eager={eager} className="aspect-video w-full object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center gap-2">
          <Badge>{categoryLabel(article.category)}</Badge>
          <span className="text-xs text-stone-500">{article.readTime} min read</span>
        </div>
        <Heading className="font-serif text-lg font-bold text-stone-900 group-hover:text-brand-700">
          {article.title}
        </Heading>
        <p className="line-clamp-3 text-sm text-stone-600">{article.excerpt}</p>
        {article.tags.length > 0 && (
          <ul className="mt-auto flex flex-wrap gap-1 pt-2" aria-label="Tags">
            {article.tags.slice(0, LIMITS.tagsPerCard).map((t) => (
              <li key={t} className="rounded bg-stone-100 px-2 py-0.5 text-xs text-stone-600">
                {t}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
  const cls = 'group flex flex-col overflow-hidden rounded-xl bg-white shadow-sm transition hover:shadow-md';
  if (article.isExternal && article.url) {
    return (
      <a href={article.url} target="_blank" rel="noopener noreferrer" className={cls}>
        {body}
      </a>
    );
  }
  return (
    <Link to={articleHref(article)} className={cls}>
      {body}
    </Link>
  );
}
