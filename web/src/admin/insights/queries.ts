import type { ClicksReport, ReadsReport } from '@site/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { keyToUrl } from '../../lib/api';
import { useApi } from '../api';
import { adminKeys, type InsightsRange } from '../query-keys';

export function useClicksReport(range: InsightsRange | null, productId?: number) {
  const api = useApi();
  const key = adminKeys.insights.clicks({ ...(range ?? { from: '', to: '' }), productId });
  return useQuery({
    queryKey: key,
    queryFn: () => api<ClicksReport>('GET', keyToUrl(key)),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

export function useReadsReport(range: InsightsRange | null, articleId?: number) {
  const api = useApi();
  const key = adminKeys.insights.reads({ ...(range ?? { from: '', to: '' }), articleId });
  return useQuery({
    queryKey: key,
    queryFn: () => api<ReadsReport>('GET', keyToUrl(key)),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
