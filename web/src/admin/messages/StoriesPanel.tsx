import { STORY_STATUSES, type StoryStatus, type StorySubmission, timeAgo } from '@site/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useToast } from '../../components/toast/toast';
import { draftEditPath, isUnauthorized, serverMessage, useApi } from '../api';
import { adminKeys, invalidateChanged } from '../query-keys';
import { Badge, Button, ConfirmDialog, Dialog, focusNearOpener } from '../ui';
import { storyCountsKey, useStoryCounts } from './inbox';
import { InboxList } from './InboxList';

const listPath = adminKeys.stories.all[0];
const label = (s: StoryStatus) => ({ new: 'New', approved: 'Approved', rejected: 'Rejected' })[s];
const tone = { new: 'rose', approved: 'green', rejected: 'stone' } as const;
/** Approved with its draft still there: the server refuses to change it, so the UI offers nothing. */
const locked = (s: StorySubmission) => s.status === 'approved' && s.articleId !== null;

/**
 * Stories readers sent from /community/submit-story. An editor reads one and approves it (the server
 * makes a Community draft, which opens for editing), rejects it, or deletes it.
 */
export function StoriesPanel() {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [filter, setFilter] = useState<StoryStatus | ''>('');
  const [openId, setOpenId] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const stories = useQuery({
    queryKey: adminKeys.stories.list(filter ? { status: filter } : {}),
    queryFn: () => api<StorySubmission[]>('GET', filter ? `${listPath}?status=${filter}` : listPath),
  });
  const counts = useStoryCounts();
  const refresh = () =>
    qc
      .invalidateQueries({ queryKey: adminKeys.stories.all })
      .then(() => qc.invalidateQueries({ queryKey: storyCountsKey }));
  const current = stories.data?.find((s) => s.id === openId) ?? null;
  const failed = (fallback: string) => (err: unknown) => {
    if (!isUnauthorized(err))
      toast({ title: 'Error', description: serverMessage(err) || fallback, variant: 'destructive' });
  };

  const approve = useMutation({
    mutationFn: (id: number) => api<StorySubmission>('POST', `${listPath}/${id}/approve`),
    onSuccess: (s) => {
      toast({ title: 'Story Approved', description: 'A Community draft was created for you to edit.' });
      setOpenId(null);
      void refresh();
      void invalidateChanged(qc, 'articles');
      if (s.articleId !== null) navigate(draftEditPath(s.articleId));
    },
    onError: failed('Failed to approve the story'),
  });
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'new' | 'rejected' }) =>
      api<StorySubmission>('PATCH', `${listPath}/${id}`, { status }),
    onSuccess: (s) => {
      toast({ title: 'Status Updated', description: `Story marked as ${s.status}.` });
      return refresh();
    },
    onError: failed('Failed to update status'),
  });
  const deleted = useRef(false);
  const remove = useMutation({
    mutationFn: (id: number) => api('DELETE', `${listPath}/${id}`),
    onSuccess: () => {
      toast({ title: 'Story Deleted', description: 'The story has been deleted.' });
      // Its row goes: focus moves to the next one instead of the row being removed (issue 26).
      deleted.current = true;
      setOpenId(null);
      return refresh();
    },
    onError: failed('Failed to delete story'),
  });
  const busy = approve.isPending || setStatus.isPending || remove.isPending;

  return (
    <div>
      <InboxList
        heading="Community Stories"
        count={counts.data && { text: `(${counts.data.new} new)`, testId: 'new-story-count' }}
        statuses={STORY_STATUSES}
        statusLabel={label}
        allLabel="All stories"
        filter={filter}
        onFilter={setFilter}
        query={stories}
        noun="stories"
        row={(s) => ({
          title: s.title,
          meta: `${s.name} · ${s.email} · ${timeAgo(s.createdAt)}`,
          status: s.status,
          tone: tone[s.status],
          waiting: s.status === 'new',
        })}
        onOpen={(s) => setOpenId(s.id)}
      />
      <Dialog
        open={current !== null}
        onClose={() => setOpenId(null)}
        title={current?.title ?? ''}
        returnFocus={(opener) => {
          const gone = deleted.current;
          deleted.current = false;
          return gone ? focusNearOpener(opener) : null;
        }}
      >
        {current && (
          <div className="space-y-4">
            <p className="text-sm text-stone-600">
              From {current.name} &lt;{current.email}&gt; · {timeAgo(current.createdAt)} ·{' '}
              <Badge tone={tone[current.status]}>{label(current.status)}</Badge>
            </p>
            <p className="max-h-[50vh] overflow-y-auto whitespace-pre-wrap text-stone-900">{current.story}</p>
            {current.articleId !== null && (
              <p className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
                Approved.{' '}
                <Link className="font-semibold underline" to={draftEditPath(current.articleId)}>
                  Edit its draft
                </Link>
              </p>
            )}
            <div className="flex flex-wrap justify-between gap-2">
              <div className="flex gap-2">
                {!locked(current) && (
                  <Button onClick={() => approve.mutate(current.id)} disabled={busy}>
                    {approve.isPending ? 'Approving...' : 'Approve as Draft'}
                  </Button>
                )}
                {current.status === 'new' && (
                  <Button
                    variant="secondary"
                    onClick={() => setStatus.mutate({ id: current.id, status: 'rejected' })}
                    disabled={busy}
                  >
                    Reject
                  </Button>
                )}
                {current.status === 'rejected' && (
                  <Button
                    variant="secondary"
                    onClick={() => setStatus.mutate({ id: current.id, status: 'new' })}
                    disabled={busy}
                  >
                    Mark as New
                  </Button>
                )}
              </div>
              <div className="flex gap-2">
                <Button variant="danger" onClick={() => setConfirmDelete(true)} disabled={busy}>
                  Delete
                </Button>
                <Button variant="secondary" onClick={() => setOpenId(null)}>
                  Close
                </Button>
              </div>
            </div>
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete story?"
        body="This submission will be deleted. A draft already made from it stays in Articles."
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          if (current) remove.mutate(current.id);
        }}
      />
    </div>
  );
}
