import { formatDateTime, type StaffSession, timeAgo } from '@site/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { apiRequest, type Fetcher } from '../../lib/api';
import { adminKeys } from '../query-keys';
import { Badge, Button, ConfirmDialog, focusNearOpener, Skeletons } from '../ui';

/**
 * The staff member's signed-in devices (issue 42 §5): what each is, from where (its IP address: there
 * is no offline place-by-address database) and when it was last seen; sign out any but this one.
 */
export function DevicesSection({ fetcher }: { fetcher: Fetcher }) {
  const qc = useQueryClient();
  const list = useQuery<StaffSession[]>({ queryKey: adminKeys.account.sessions });
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState('');
  const title = useRef<HTMLHeadingElement>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: adminKeys.account.sessions });
  const end = useMutation({
    mutationFn: (id: string) =>
      apiRequest(fetcher, 'DELETE', `/api/admin/account/sessions/${encodeURIComponent(id)}`),
    onSettled: refresh,
    onSuccess: () => setNotice('That device is signed out.'),
  });
  const endOthers = useMutation({
    mutationFn: () => apiRequest(fetcher, 'POST', '/api/auth/revoke-other-sessions', {}),
    onSettled: refresh,
    onSuccess: () => setNotice('Every other device is signed out.'),
  });
  const others = (list.data ?? []).filter((d) => !d.current);
  const failed = end.error ?? endOthers.error;

  return (
    <section
      aria-labelledby="devices-title"
      className="rounded-lg border border-stone-200 bg-white p-4 sm:p-6"
    >
      <h2 ref={title} tabIndex={-1} id="devices-title" className="mb-1 font-serif text-xl font-semibold">
        Signed-in devices
      </h2>
      <p className="mb-4 text-sm text-stone-600">
        Where your account is signed in. Sign out any device you do not recognise.
      </p>
      {list.isLoading ? (
        <Skeletons count={2} label="Loading your devices" />
      ) : list.error ? (
        <p role="alert" className="text-sm text-red-800">
          Could not load your devices. Please reload the page.
        </p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {list.data!.map((d) => (
            <li
              key={d.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <h3 className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
                  {d.device}
                  {d.current && <Badge tone="green">This device</Badge>}
                </h3>
                <p className="text-sm text-stone-600">
                  Last seen{' '}
                  <time dateTime={d.lastSeenAt} title={formatDateTime(d.lastSeenAt)}>
                    {timeAgo(d.lastSeenAt)}
                  </time>
                  {' · '}IP address {d.ipAddress ?? 'unknown'}
                </p>
              </div>
              {!d.current && (
                <Button
                  variant="secondary"
                  className="self-start sm:self-auto"
                  aria-label={`Sign out ${d.device}, last seen ${timeAgo(d.lastSeenAt)}`}
                  disabled={end.isPending && end.variables === d.id}
                  onClick={(e) => {
                    // The row goes away: focus moves to a neighbour, or to the section's title.
                    const next = focusNearOpener(e.currentTarget) ?? title.current;
                    end.mutate(d.id, { onSuccess: () => next?.focus() });
                  }}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <div className="mt-4">
          <Button variant="danger" disabled={endOthers.isPending} onClick={() => setAsking(true)}>
            Sign out everywhere else
          </Button>
        </div>
      )}
      <p role="status" className="mt-3 text-sm text-green-800">
        {notice}
      </p>
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {(failed as { serverMessage?: string }).serverMessage ??
            'Could not sign that device out. Please try again.'}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title="Sign out everywhere else?"
        body={`Every other device (${others.length}) will be signed out. This device stays signed in.`}
        confirmLabel="Sign out everywhere else"
        onCancel={() => setAsking(false)}
        focusAfterConfirm={() => title.current}
        onConfirm={() => {
          setAsking(false);
          endOthers.mutate();
        }}
      />
    </section>
  );
}
