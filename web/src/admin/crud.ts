import { LIMITS } from '@site/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../components/toast/toast';
import { keyToUrl, throwIfNotOk } from '../lib/api';
import { isUnauthorized, serverMessage, useApi } from './api';
import { usePlatform } from './platform';
import { adminKeys, invalidateChanged, type ListFilters } from './query-keys';

export interface CrudConfig {
  /** "Article": used in the toasts ("Article created successfully"). */
  entity: string;
  /** Which admin list (adminKeys) it is, and so which lists a write refreshes. */
  resource: 'articles' | 'products' | 'recipes';
  /** Writes: POST here, PUT/DELETE here/{id}, e.g. /api/content. */
  writePath: string;
}

/** Where the next page starts: after a cursor (lists that send X-Next-Cursor), else at an offset. */
type PageStart = { cursor: string } | { offset: number };

/**
 * The admin list, 50 at a time (spec §9), with "Load more" for the next page. The server searches,
 * filters and sorts (every filter is in the key) and sends the number of matches as X-Total-Count
 * on the first page. A list that sends X-Next-Cursor (articles) pages by it: the 20,000th page of
 * 1,000,000 articles costs what the first does (issue 43).
 */
export function useAdminList<T>(resource: CrudConfig['resource'], filters: ListFilters = {}) {
  const { fetcher } = usePlatform();
  const q = useInfiniteQuery({
    queryKey: adminKeys[resource].list({ ...filters, limit: LIMITS.adminList }),
    initialPageParam: { offset: 0 } as PageStart,
    queryFn: async ({ queryKey, pageParam, signal }) => {
      const [path, params] = queryKey;
      const start = 'cursor' in pageParam ? { cursor: pageParam.cursor } : { offset: pageParam.offset };
      const res = await throwIfNotOk(await fetcher(keyToUrl([path, { ...params, ...start }]), { signal }));
      return {
        rows: (await res.json()) as T[],
        total: Number(res.headers.get('x-total-count') ?? Number.NaN),
        capped: res.headers.get('x-total-count-capped') === 'true',
        next: res.headers.get('x-next-cursor'),
      };
    },
    getNextPageParam: (last, all): PageStart | undefined => {
      if (last.rows.length < LIMITS.adminList) return undefined;
      return last.next ? { cursor: last.next } : { offset: all.length * LIMITS.adminList };
    },
  });
  const total = q.data?.pages[0]?.total;
  return {
    ...q,
    items: q.data?.pages.flatMap((p) => p.rows) ?? [],
    total: total !== undefined && Number.isFinite(total) ? total : undefined,
    /** The total is a lower bound (a search with more matches than the server counts). */
    totalCapped: q.data?.pages[0]?.capped ?? false,
  };
}

/** Create, update and delete with the spec's toasts (§8); lists refetch by key prefix. */
export function useCrudMutations<Payload>({ entity, resource, writePath }: CrudConfig) {
  const api = useApi();
  const toast = useToast();
  const qc = useQueryClient();
  const lower = entity.toLowerCase();
  const refresh = () => invalidateChanged(qc, resource);
  const fail = (verb: string) => (err: unknown) => {
    if (isUnauthorized(err)) return;
    const detail = serverMessage(err);
    toast({
      title: 'Error',
      description: `Failed to ${verb} ${lower}${detail ? `: ${detail}` : ''}`,
      variant: 'destructive',
    });
  };
  // The lists refresh behind the closed form: awaiting them here held the form open (and typable)
  // after "updated successfully" until the refetch ended, and a slow refetch then closed a form the
  // editor had opened again (CI, editor.e2e at 390 px).
  const ok = (verb: string) => () => {
    toast({ title: 'Success', description: `${entity} ${verb} successfully` });
    void refresh();
  };
  const create = useMutation({
    mutationFn: (body: Payload) => api('POST', writePath, body),
    onSuccess: ok('created'),
    onError: fail('create'),
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Payload }) => api('PUT', `${writePath}/${id}`, body),
    onSuccess: ok('updated'),
    onError: fail('update'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api('DELETE', `${writePath}/${id}`),
    onSuccess: ok('deleted'),
    onError: fail('delete'),
  });
  return { create, update, remove };
}

/**
 * Everything the Articles, Products and Recipes tabs share: their list and its paging, delete, and a
 * save that updates when editing, otherwise creates, and closes the form on success (spec §4).
 */
export function useCrudTab<T extends { id: number }, Payload>(config: CrudConfig, filters: ListFilters = {}) {
  const list = useAdminList<T>(config.resource, filters);
  const { create, update, remove } = useCrudMutations<Payload>(config);
  return {
    tabProps: {
      entity: config.entity,
      items: list.items,
      total: list.total,
      totalCapped: list.totalCapped,
      isLoading: list.isLoading,
      error: list.error,
      hasMore: list.hasNextPage,
      loadingMore: list.isFetchingNextPage,
      onLoadMore: () => void list.fetchNextPage(),
      onDelete: (item: T) => remove.mutate(item.id),
      deleting: remove.isPending,
    },
    pending: create.isPending || update.isPending,
    /** `onError` hears a failure after its toast (the article form keeps an offline save for later). */
    save: (editing: T | null, body: Payload, close: () => void, onError?: (err: unknown) => void) =>
      editing
        ? update.mutate({ id: editing.id, body }, { onSuccess: close, ...(onError ? { onError } : {}) })
        : create.mutate(body, { onSuccess: close, ...(onError ? { onError } : {}) }),
  };
}

/** Field → first message, from a zod error's issues. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = String(i.path[0] ?? '');
    out[key] ??= i.message;
  }
  return out;
}
