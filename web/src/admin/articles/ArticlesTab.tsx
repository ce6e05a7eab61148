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
import { Badge, Button } from '../ui';
import { ArticleBulkBar } from './ArticleBulkBar';
import { useBulkArticles } from './article-actions';

// The form and its rich editor load when a form opens: the list does not pay for them (issue 31 §1).
const ArticleEditor = lazy(() => import('./ArticleEditor'));

const config = { entity: 'Article', resource: 'articles' as const, writePath: '/api/content' };
const FILTERS = ['q', 'status', 'category', 'origin', 'source', 'sort'] as const;
const any = (label: string) => ({ value: '', label });

export function ArticlesTab() {
  const { values: filters, set } = useListParams(FILTERS);
  const crud = useCrudTab<Article, ArticleInput>(config, filters);
  // The AI tools link their new drafts here: /admin?tab=articles&edit={id}
  const editParam = Number(useSearchParams()[0].get('edit'));
  const { sort: _sort, ...narrowing } = filters;
  return (
    <CrudTab<Article>
      panels={<ReadsPanel />}
      renderActions={(a) => a.status !== 'draft' && <ArticleReadsButton id={a.id} title={a.title} />}
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
      bulk={(selection, clear) => (
        // The URL's values as they are: the server validates the filter as it does the list's query.
        <ArticleBulkBar selection={selection} filter={narrowing as AdminArticleFilter} clear={clear} />
      )}
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

function ArticleRow({ article: a }: { article: Article }) {
  const bulk = useBulkArticles();
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
      {a.status === 'scheduled' && (
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
