import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { adminKeys } from '../../admin/query-keys';
import type { ArticleDetail } from '../../lib/content';
import { ArticleView, NotFound } from './ArticlePage';

type Preview = ArticleDetail & { status?: string };

/**
 * /admin/preview/{id}: an admin sees any article exactly as readers will, under a bar that says it
 * is a preview. Anyone else gets the plain "Article Not Found" 404 (the API refuses them, so
 * nothing of the draft reaches the page). The server sends it with no-store and noindex.
 */
export function ArticlePreviewPage() {
  const { id = '' } = useParams();
  const valid = /^[1-9]\d{0,8}$/.test(id);
  const q = useQuery<Preview>({
    queryKey: adminKeys.articles.preview(id),
    enabled: valid,
    retryOnMount: false,
  });
  if (valid && q.isLoading) {
    return (
      <div role="status" aria-label="Loading" className="mx-auto h-96 max-w-3xl animate-pulse px-4 py-12" />
    );
  }
  if (!valid || !q.data) return <NotFound />;
  return (
    <>
      <div
        role="status"
        className="sticky top-0 z-30 bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-900"
      >
        {q.data.status === 'published' ? 'Preview – published' : 'Preview – not published'}
      </div>
      <ArticleView article={q.data} noindex />
    </>
  );
}
