import {
  type AdminArticleFilter,
  ALL_ARTICLE_CATEGORIES,
  type AnyArticleCategory,
  ARTICLE_ORIGIN_LABELS,
  ARTICLE_ORIGINS,
  ARTICLE_SORTS,
  ARTICLE_STATUS_LABELS,
  ARTICLE_STATUSES,
  type Article,
  type ArticleInput,
  CATEGORY_LABELS,
  formatDateTime,
  SORT_LABELS,
} from '@site/shared';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CrudTab } from '../CrudTab';
import { useCrudTab } from '../crud';
import { ArticleReadsButton, ReadsPanel } from '../insights/ReadsPanel';
import { ListToolbar } from '../list/ListToolbar';
import { useListParams } from '../list/use-list-params';
import { type Owned, usePermissions } from '../permissions';
import { usePlatform } from '../platform';
import { Badge, Button } from '../ui';
import { ArticleBulkBar } from './ArticleBulkBar';
import { previewPath, useBulkArticles } from './article-actions';

// The form and its rich editor load when a form opens: the list does not pay for them (issue 31 §1).
const ArticleEditor = lazy(() => import('./ArticleEditor'));

const config = { entity: 'Article', resource: 'articles' as const, writePath: '/api/content' };
// `mine=true`: only the signed-in staff member's own articles.
const FILTERS = ['q', 'status', 'category', 'origin', 'source', 'mine', 'sort'] as const;
const any = (label: string) => ({ value: '', label });

/** An article as the admin API sends it: with the staff account that wrote it (issue 42). */
type AdminArticle = Article & Owned;

/**
 * Editing: contributors their own drafts, authors their own articles, editors every one. A live
 * article's save also needs the right to publish it (the server's authorizeArticleChange).
 */
function useArticleRights() {
  const { can } = usePermissions();
  return {
    can,
    edit: (a: AdminArticle) => can('article.edit', a) && (a.status === 'draft' || can('article.publish', a)),
    delete: (a: AdminArticle) => can('article.delete', a),
  };
}

export function ArticlesTab() {
  const { values: filters, set } = useListParams(FILTERS);
  const crud = useCrudTab<AdminArticle, ArticleInput>(config, filters);
  const rights = useArticleRights();
  const { apiBase } = usePlatform();
  const insights = rights.can('insights.view');
  // The AI tools link their new drafts here: /admin?tab=articles&edit={id}
  const editParam = Number(useSearchParams()[0].get('edit'));
  const { sort: _sort, ...narrowing } = filters;
  return (
    <CrudTab<AdminArticle>
      panels={insights ? <ReadsPanel /> : undefined}
      renderActions={(a) => (
        <>
          {insights && a.status !== 'draft' && <ArticleReadsButton id={a.id} title={a.title} />}
          {!rights.edit(a) && (
            // Readable but not this role's to change: the saved version, as readers will see it.
            <a
              href={`${apiBase}${previewPath(a.id)}`}
              target="_blank"
              rel="noopener"
              aria-label={`Preview ${a.title}`}
              className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50"
            >
              Preview
            </a>
          )}
        </>
      )}
      canEdit={rights.edit}
      canDelete={rights.delete}
      initialEditId={Number.isInteger(editParam) && editParam > 0 ? editParam : null}
      {...crud.tabProps}
      filtered={Object.keys(narrowing).length > 0}
      selectionKey={JSON.stringify(narrowing)}
      toolbar={
        <ListToolbar
          searchLabel="Search articles"
          search={filters.q ?? ''}
          total={crud.tabProps.total}
          capped={crud.tabProps.totalCapped}
          onChange={set}
          toggles={[{ name: 'mine', label: 'Mine only', checked: filters.mine === 'true' }]}
          selects={[
            {
              name: 'status',
              label: 'Filter by status',
              value: filters.status ?? '',
              options: [
                any('Any status'),
                ...ARTICLE_STATUSES.map((s) => ({ value: s, label: ARTICLE_STATUS_LABELS[s] })),
              ],
            },
            {
              name: 'category',
              label: 'Filter by category',
              value: filters.category ?? '',
              options: [
                any('Any category'),
                ...ALL_ARTICLE_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })),
              ],
            },
            {
              name: 'origin',
              label: 'Filter by origin',
              value: filters.origin ?? '',
              options: [
                any('Any origin'),
                ...ARTICLE_ORIGINS.map((o) => ({ value: o, label: ARTICLE_ORIGIN_LABELS[o] })),
              ],
            },
            {
              name: 'sort',
              label: 'Sort by',
              value: filters.sort ?? 'newest',
              options: ARTICLE_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] ?? s })),
            },
          ]}
        />
      }
      bulk={
        rights.can('article.bulk')
          ? (selection, clear) => (
              // The URL's values as they are: the server validates the filter as it does the list's query.
              <ArticleBulkBar selection={selection} filter={narrowing as AdminArticleFilter} clear={clear} />
            )
          : undefined
      }
      itemTitle={(a) => a.title}
      renderRow={(a) => <ArticleRow article={a} />}
      renderForm={(editing, form) => (
        <Suspense fallback={<p role="status">Loading the editor…</p>}>
          <ArticleEditor
            listed={editing}
            pending={crud.pending}
            onCancel={form.cancel}
            onClose={form.close}
            onDirtyChange={form.onDirtyChange}
            onSubmit={(body, hooks) =>
              crud.save(
                editing,
                body,
                () => {
                  hooks.onSaved();
                  form.close();
                },
                hooks.onError,
              )
            }
          />
        </Suspense>
      )}
    />
  );
}

function ArticleRow({ article: a }: { article: AdminArticle }) {
  const bulk = useBulkArticles();
  // "Publish now" and "Unschedule" go through the bulk action, an editor's.
  const { can } = usePermissions();
  return (
    <>
      <h3 className="font-semibold">{a.title}</h3>
      <p className="line-clamp-2 text-sm text-stone-600">{a.excerpt}</p>
      <div className="mt-2 flex flex-wrap gap-1">
        <Badge tone="rose">{CATEGORY_LABELS[a.category as AnyArticleCategory] ?? a.category}</Badge>
        {a.status === 'draft' && <Badge tone="amber">Draft</Badge>}
        {a.status === 'scheduled' && a.publishedAt && (
          <Badge tone="amber">Scheduled for {formatDateTime(a.publishedAt, { zone: false })}</Badge>
        )}
        {a.dateUnknown && <Badge tone="amber">Date unknown (imported {formatDateTime(a.createdAt)})</Badge>}
        {a.origin && a.origin !== 'editor' && (
          <Badge>
            {a.origin === 'rss' && a.source ? `RSS · ${a.source}` : ARTICLE_ORIGIN_LABELS[a.origin]}
          </Badge>
        )}
        {a.tags.map((t) => (
          <Badge key={t}>{t}</Badge>
        ))}
      </div>
      {a.status === 'scheduled' && can('article.bulk') && (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={bulk.isPending}
            onClick={() => bulk.mutate({ action: 'publish', ids: [a.id] })}
          >
            Publish now
          </Button>
          <Button
            variant="secondary"
            disabled={bulk.isPending}
            onClick={() => bulk.mutate({ action: 'unpublish', ids: [a.id] })}
          >
            Unschedule
          </Button>
        </div>
      )}
    </>
  );
}
