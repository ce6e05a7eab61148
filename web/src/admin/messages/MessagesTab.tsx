import { type ContactMessage, MESSAGE_STATUSES, type MessageStatus, timeAgo } from '@site/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useToast } from '../../components/toast/toast';
import { isUnauthorized, useApi } from '../api';
import { usePlatform } from '../platform';
import { adminKeys } from '../query-keys';
import { Button, ConfirmDialog, Dialog, focusNearOpener, SelectField } from '../ui';
import { messageCountsKey, useMessageCounts } from './inbox';
import { InboxList } from './InboxList';
import { StoriesPanel } from './StoriesPanel';

const listPath = adminKeys.messages.all[0];
const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const tone = { unread: 'rose', read: 'stone', replied: 'green' } as const;

const VIEWS = [
  { id: 'contact', label: 'Contact Messages' },
  { id: 'stories', label: 'Community Stories' },
] as const;

/**
 * Everything readers send: contact messages (spec §2) and, beside them, the community stories from
 * /community/submit-story, so the spec's eight tabs stay eight. The view is ?view= in the URL.
 */
export function MessagesTab() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'stories' ? 'stories' : 'contact';
  const show = (id: (typeof VIEWS)[number]['id']) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id === 'contact') next.delete('view');
      else next.set('view', id);
      return next;
    });
  return (
    <div>
      <div className="mb-6 inline-flex gap-1 rounded-lg border border-stone-200 p-1">
        {VIEWS.map((v) => (
          <button
            key={v.id}
            type="button"
            aria-pressed={view === v.id}
            onClick={() => show(v.id)}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${view === v.id ? 'bg-rose-700 text-white' : 'text-stone-700 hover:bg-stone-100'}`}
          >
            {v.label}
          </button>
        ))}
      </div>
      {view === 'stories' ? <StoriesPanel /> : <ContactMessagesPanel />}
    </div>
  );
}

/** "Contact Messages": filter by status, open one (unread becomes read), set status, reply, delete. */
function ContactMessagesPanel() {
  const api = useApi();
  const toast = useToast();
  const platform = usePlatform();
  const qc = useQueryClient();
  const [filter, setFilter] = useState<MessageStatus | ''>('');
  const [openId, setOpenId] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const key = adminKeys.messages.list(filter ? { status: filter } : {});
  const messages = useQuery({
    queryKey: key,
    queryFn: () => api<ContactMessage[]>('GET', filter ? `${listPath}?status=${filter}` : listPath),
  });
  const counts = useMessageCounts();
  const refresh = () =>
    qc
      .invalidateQueries({ queryKey: adminKeys.messages.all })
      .then(() => qc.invalidateQueries({ queryKey: messageCountsKey }));
  const [openMessage, setOpenMessage] = useState<ContactMessage | null>(null);
  // The latest PATCH answer wins over a list that may not have refetched yet.
  const current =
    openId === null
      ? null
      : openMessage?.id === openId
        ? openMessage
        : (messages.data?.find((m) => m.id === openId) ?? null);

  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: number; status: MessageStatus; quiet?: boolean }) =>
      api<ContactMessage>('PATCH', `${listPath}/${id}`, { status }),
    onSuccess: (m, v) => {
      setOpenMessage(m);
      if (!v.quiet) toast({ title: 'Status Updated', description: `Message marked as ${m.status}.` });
      return refresh();
    },
    onError: (err) => {
      if (!isUnauthorized(err))
        toast({ title: 'Error', description: 'Failed to update status', variant: 'destructive' });
    },
  });
  const deleted = useRef(false);
  const remove = useMutation({
    mutationFn: (id: number) => api('DELETE', `${listPath}/${id}`),
    onSuccess: () => {
      toast({ title: 'Message Deleted', description: 'The message has been deleted.' });
      // Its row goes: focus moves to the next one instead of the row being removed (issue 26).
      deleted.current = true;
      setOpenId(null);
      return refresh();
    },
    onError: (err) => {
      if (!isUnauthorized(err))
        toast({ title: 'Error', description: 'Failed to delete message', variant: 'destructive' });
    },
  });

  function open(m: ContactMessage) {
    setOpenId(m.id);
    setOpenMessage(m);
    // Spec §4: opening an unread message marks it read.
    if (m.status === 'unread') setStatus.mutate({ id: m.id, status: 'read', quiet: true });
  }

  function reply(m: ContactMessage) {
    const mailto = `mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`;
    if (platform.openMail) platform.openMail(mailto);
    else window.location.href = mailto;
    setStatus.mutate({ id: m.id, status: 'replied' });
  }

  return (
    <div>
      <InboxList
        heading="Contact Messages"
        count={counts.data && { text: `(${counts.data.unread} unread)`, testId: 'unread-count' }}
        statuses={MESSAGE_STATUSES}
        statusLabel={label}
        allLabel="All messages"
        filter={filter}
        onFilter={setFilter}
        query={messages}
        noun="messages"
        row={(m) => ({
          title: m.subject,
          meta: `${m.firstName} ${m.lastName} · ${m.email} · ${timeAgo(m.createdAt)}`,
          status: m.status,
          tone: tone[m.status],
          waiting: m.status === 'unread',
        })}
        onOpen={open}
      />
      <Dialog
        open={current !== null}
        onClose={() => setOpenId(null)}
        title={current?.subject ?? ''}
        returnFocus={(opener) => {
          const gone = deleted.current;
          deleted.current = false;
          return gone ? focusNearOpener(opener) : null;
        }}
      >
        {current && (
          <div className="space-y-4">
            <p className="text-sm text-stone-600">
              From {current.firstName} {current.lastName} &lt;{current.email}&gt; ·{' '}
              {timeAgo(current.createdAt)}
            </p>
            <p className="whitespace-pre-wrap text-stone-900">{current.message}</p>
            <SelectField
              label="Status"
              value={current.status}
              onChange={(e) => setStatus.mutate({ id: current.id, status: e.target.value as MessageStatus })}
              options={MESSAGE_STATUSES.map((s) => ({ value: s, label: label(s) }))}
            />
            <div className="flex flex-wrap justify-between gap-2">
              <Button onClick={() => reply(current)}>Reply via Email</Button>
              <div className="flex gap-2">
                <Button variant="danger" onClick={() => setConfirmDelete(true)} disabled={remove.isPending}>
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
        title="Delete message?"
        body="This message will be deleted. This cannot be undone."
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          if (current) remove.mutate(current.id);
        }}
      />
    </div>
  );
}
