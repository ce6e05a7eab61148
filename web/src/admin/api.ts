import { useCallback } from 'react';
import { apiRequest, HttpError } from '../lib/api';
import { usePlatform } from './platform';

/** JSON calls to the API through the platform's fetcher (cookie on the web, token on the desktop). */
export function useApi() {
  const { fetcher } = usePlatform();
  return useCallback(
    <T>(method: string, path: string, body?: unknown) => apiRequest<T>(fetcher, method, path, body),
    [fetcher],
  );
}

/** A 401 is already answered by the "logged out" toast and redirect; other toasts stay quiet. */
export const isUnauthorized = (err: unknown) => err instanceof HttpError && err.status === 401;

/** The server's `{ message }`, for failure toasts that can say more than the generic line. */
export const serverMessage = (err: unknown) => (err instanceof HttpError ? err.serverMessage : undefined);

/** Where a new draft opens for editing (the Articles tab reads ?edit=). */
export const draftEditPath = (id: number) => `/admin?tab=articles&edit=${id}`;
