import type {
  AiComparisonInput,
  AiComparisonResult,
  AiReviewInput,
  AiReviewResult,
  AiStatus,
} from '@site/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, HttpError, throwIfNotOk } from '../../lib/api';
import type { PickedFile } from '../platform';
import { usePlatform } from '../platform';
import { adminKeys, invalidateChanged } from '../query-keys';

/** Link to a generated draft in the article editor (owned by the admin tab). */
/** Spec §8: the server's message when there is one, else the given fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof HttpError) return err.serverMessage || fallback;
  return fallback;
}

export function useAiStatus() {
  const { fetcher } = usePlatform();
  return useQuery({
    queryKey: adminKeys.ai.status,
    queryFn: () => apiRequest<AiStatus>(fetcher, 'GET', adminKeys.ai.status[0]),
  });
}

/** A new draft changes the article lists. */
function useInvalidateArticles() {
  const qc = useQueryClient();
  return () => invalidateChanged(qc, 'articles');
}

export function useAnalyzeImage() {
  const { fetcher } = usePlatform();
  const invalidate = useInvalidateArticles();
  return useMutation({
    mutationFn: async (v: { image: PickedFile; category: string; priceRange: string }) => {
      const form = new FormData();
      // A File keeps its name and type wherever it was picked (browser input or native dialog).
      form.append('image', new File([v.image.data], v.image.name, { type: v.image.type }));
      form.append('category', v.category);
      if (v.priceRange.trim()) form.append('priceRange', v.priceRange.trim());
      const res = await throwIfNotOk(
        await fetcher('/api/admin/analyze-product-image', { method: 'POST', body: form }),
      );
      return (await res.json()) as AiReviewResult;
    },
    onSuccess: invalidate,
  });
}

export function useGenerateReview() {
  const { fetcher } = usePlatform();
  const invalidate = useInvalidateArticles();
  return useMutation({
    mutationFn: (input: AiReviewInput) =>
      apiRequest<AiReviewResult>(fetcher, 'POST', '/api/admin/ai/review', input),
    onSuccess: invalidate,
  });
}

export function useGenerateComparison() {
  const { fetcher } = usePlatform();
  const invalidate = useInvalidateArticles();
  return useMutation({
    mutationFn: (input: AiComparisonInput) =>
      apiRequest<AiComparisonResult>(fetcher, 'POST', '/api/admin/ai/comparison', input),
    onSuccess: invalidate,
  });
}
