import type { ArticleBulkInput, BulkAction } from '@site/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/toast/toast';
import { isUnauthorized, serverMessage, useApi } from '../api';
import { invalidateChanged } from '../query-keys';

const DONE: Record<BulkAction, string> = {
  publish: 'published',
  unpublish: 'moved to drafts',
  category: 'moved to the new category',
  delete: 'deleted',
};

/** The saved version as readers will see it (the API serves it, in a new tab). */
export const previewPath = (id: number) => `/admin/preview/${id}`;

export const articleCount = (n: number) => `${n} article${n === 1 ? '' : 's'}`;

/**
 * POST /api/admin/content/bulk: the selected ids, or every match of the list's filter with the count
 * the editor confirmed. One transaction; the toast says how many changed.
 */
export function useBulkArticles() {
  const api = useApi();
  const toast = useToast();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ArticleBulkInput) => api<{ changed: number }>('POST', '/api/admin/content/bulk', body),
    onSuccess: ({ changed }, { action }) => {
      toast({ title: 'Success', description: `${articleCount(changed)} ${DONE[action]}` });
      return invalidateChanged(qc, 'articles');
    },
    onError: (err) => {
      if (isUnauthorized(err)) return;
      // A 409 means the results changed since the editor chose them: show the list as it is now.
      void invalidateChanged(qc, 'articles');
      const detail = serverMessage(err);
      toast({
        title: 'Error',
        description: `Failed to update articles${detail ? `: ${detail}` : ''}`,
        variant: 'destructive',
      });
    },
  });
}
