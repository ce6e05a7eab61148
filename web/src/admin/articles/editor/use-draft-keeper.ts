import type { ArticleAutosave, ArticleDraft } from '@site/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../api';
import { usePlatform } from '../../platform';
import { articleEditorKeys } from './keys';

/** Quiet time after the last change before the server gets an autosave (issue 31 §4: "every few seconds of idle"). */
export const AUTOSAVE_IDLE_MS = 3000;

export interface KeptDraft {
  draft: ArticleDraft;
  baseUpdatedAt: string | null;
  savedAt: string;
}
export interface Recovery extends KeptDraft {
  where: 'device' | 'server';
}
export type AutosaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'device-only'; reason: 'offline' | 'failed' };

/** Who is signed in (from the admin gate's query, already in the cache): drafts are kept per editor. */
function useAdminUserId(): string {
  const qc = useQueryClient();
  const me = qc.getQueryData<{ id: string }>(['/api/auth/user', 'admin-gate']);
  return me?.id ?? 'anyone';
}

/** One key per server, editor and article ("new" for one not created yet). */
function storageKey(server: string, userId: string, slot: number | 'new') {
  return `bloom:article-draft:v1:${server || 'site'}:${userId}:${slot}`;
}

function readLocal(key: string): KeptDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as KeptDraft) : null;
  } catch {
    return null;
  }
}

const sameDraft = (a: ArticleDraft, b: ArticleDraft) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps an article form's unsaved work (issue 31 §4): on this device (localStorage) at every change,
 * and on the server (PUT …/autosave, which publishes nothing and is no save for the 409 rule) after
 * AUTOSAVE_IDLE_MS without typing. On opening, `recovery` offers the newest kept draft that differs
 * from what the form opened with and is newer than the article's last save. Offline, the server
 * autosave waits; the device copy does not.
 */
export function useDraftKeeper({
  slot,
  opened,
  openedUpdatedAt,
  draft,
  dirty,
}: {
  slot: number | 'new';
  /** The form's values when it opened (the saved article, or an empty form). */
  opened: ArticleDraft;
  openedUpdatedAt: string | null;
  draft: ArticleDraft;
  dirty: boolean;
}) {
  const { apiBase } = usePlatform();
  const api = useApi();
  const key = storageKey(apiBase, useAdminUserId(), slot);
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });
  const [dismissed, setDismissed] = useState(false);
  const [local] = useState(() => readLocal(key));
  const server = useQuery({
    queryKey: articleEditorKeys.autosave(slot),
    queryFn: () => api<{ autosave: ArticleAutosave | null }>('GET', `/api/admin/content/${slot}/autosave`),
    // A draft on the device is enough to offer; offline the server's cannot be had anyway.
    retry: false,
    gcTime: 0,
  });

  const candidates: Recovery[] = [];
  if (local) candidates.push({ ...local, where: 'device' });
  if (server.data?.autosave) candidates.push({ ...server.data.autosave, where: 'server' });
  const newest = candidates
    .filter((c) => !sameDraft(c.draft, opened))
    .filter((c) => !openedUpdatedAt || Date.parse(c.savedAt) > Date.parse(openedUpdatedAt))
    .sort((a, b) => Date.parse(b.savedAt) - Date.parse(a.savedAt))[0];
  const recovery = dismissed ? null : (newest ?? null);

  const draftJson = JSON.stringify(draft);
  const latest = useRef({ draft, openedUpdatedAt });
  latest.current = { draft, openedUpdatedAt };

  // Every change, on the device.
  useEffect(() => {
    if (!dirty) return;
    const kept: KeptDraft = {
      draft: JSON.parse(draftJson) as ArticleDraft,
      baseUpdatedAt: openedUpdatedAt,
      savedAt: new Date().toISOString(),
    };
    try {
      window.localStorage.setItem(key, JSON.stringify(kept));
    } catch {
      // Storage full or refused (private mode): the server autosave still runs.
    }
  }, [draftJson, dirty, key, openedUpdatedAt]);

  // After a few quiet seconds, on the server.
  useEffect(() => {
    if (!dirty) return;
    const t = setTimeout(() => {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        setStatus({ kind: 'device-only', reason: 'offline' });
        return;
      }
      setStatus({ kind: 'saving' });
      api<{ savedAt: string }>('PUT', `/api/admin/content/${slot}/autosave`, {
        draft: latest.current.draft,
        ...(latest.current.openedUpdatedAt ? { baseUpdatedAt: latest.current.openedUpdatedAt } : {}),
      })
        .then((r) => setStatus({ kind: 'saved', at: r.savedAt }))
        .catch((err: unknown) =>
          setStatus({ kind: 'device-only', reason: err instanceof TypeError ? 'offline' : 'failed' }),
        );
    }, AUTOSAVE_IDLE_MS);
    return () => clearTimeout(t);
  }, [draftJson, dirty, api, slot]);

  /** After a save (the server dropped its autosave itself) or a deliberate discard. */
  const forget = useCallback(
    (alsoServer: boolean) => {
      try {
        window.localStorage.removeItem(key);
      } catch {
        /* nothing kept */
      }
      setDismissed(true);
      if (alsoServer) void api('DELETE', `/api/admin/content/${slot}/autosave`).catch(() => undefined);
    },
    [key, api, slot],
  );

  return {
    recovery,
    status,
    /** The editor chose to restore: stop offering it (it is now the form's content). */
    accept: () => setDismissed(true),
    /** The editor chose to throw it away. */
    discard: () => forget(true),
    /** The form was saved: nothing is unsaved any more. */
    saved: () => forget(false),
  };
}
