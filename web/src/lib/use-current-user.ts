import type { CurrentUser } from '@site/shared';
import { useQuery } from '@tanstack/react-query';
import { HttpError } from './api';
import { useFetcher } from './fetcher-context';

export const currentUserKey = ['/api/auth/user'] as const;

/** Spec §4: authenticated if the current-user call returns data; a 401 means anonymous. */
export function useCurrentUser() {
  const fetcher = useFetcher();
  const q = useQuery<CurrentUser | null>({
    queryKey: currentUserKey,
    retry: false,
    queryFn: async () => {
      const res = await fetcher('/api/auth/user');
      if (res.status === 401) return null;
      if (!res.ok) throw new HttpError(res.status, `${res.status}: ${await res.text()}`);
      return (await res.json()) as CurrentUser;
    },
  });
  return { user: q.data ?? null, isLoading: q.isLoading, isAuthenticated: Boolean(q.data) };
}
