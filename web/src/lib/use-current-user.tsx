import type { CurrentUser } from '@site/shared';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { HttpError } from './api';
import { useFetcher } from './fetcher-context';

export const currentUserKey = ['/api/auth/user'] as const;

interface CurrentUserState {
  user: CurrentUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

const CurrentUserContext = createContext<CurrentUserState | null>(null);

/**
 * Reads the current user once for the whole page (App): the header, its drawer and the footer's
 * subscribe form each ask, and four queries of the same key cost a server render ~4% of its CPU.
 */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
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
  const user = q.data ?? null;
  const value = useMemo(
    () => ({ user, isLoading: q.isLoading, isAuthenticated: Boolean(user) }),
    [user, q.isLoading],
  );
  return <CurrentUserContext.Provider value={value}>{children}</CurrentUserContext.Provider>;
}

/** Spec §4: authenticated if the current-user call returns data; a 401 means anonymous. */
export function useCurrentUser(): CurrentUserState {
  const state = useContext(CurrentUserContext);
  if (!state) throw new Error('useCurrentUser needs CurrentUserProvider (App provides it)');
  return state;
}
