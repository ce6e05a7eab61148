import type { AdminAlert, CurrentUser } from '@site/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { serverMessage, useApi } from '../api';
import { adminKeys } from '../query-keys';
import { Button, TextField } from '../ui';

/**
 * Red banners at the top of the dashboard for what must be fixed now (GET /api/admin/alerts): an
 * admin of a production site that still has the published demo password. Its own user can change
 * the password right here; the banner goes when the server stops reporting it. Amber banners for what
 * readers do not see break but pay for: pictures whose smaller sizes could not be made.
 */
export function AdminAlerts({ user }: { user: CurrentUser }) {
  const api = useApi();
  const { data } = useQuery({
    queryKey: adminKeys.alerts,
    queryFn: () => api<{ alerts: AdminAlert[] }>('GET', adminKeys.alerts[0]),
  });
  const alerts = data?.alerts ?? [];
  if (!alerts.length) return null;
  return (
    <div className="mb-6 space-y-3">
      {alerts.map((alert) =>
        alert.id === 'picture-sizes' ? (
          <PictureSizesAlert key={alert.id} message={alert.message} />
        ) : (
          <div
            key={`${alert.id}:${alert.account}`}
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
          >
            <p className="font-semibold">{alert.message}</p>
            {alert.account === user.email ? (
              <ChangePassword />
            ) : (
              <p className="mt-1 text-sm">
                Ask its owner to change it, or revoke it:{' '}
                <code>pnpm make-admin {alert.account} --revoke</code>.
              </p>
            )}
          </div>
        ),
      )}
    </div>
  );
}

function PictureSizesAlert({ message }: { message: string }) {
  const api = useApi();
  const qc = useQueryClient();
  const [state, setState] = useState<'idle' | 'pending' | 'queued' | 'failed'>('idle');
  async function retry() {
    setState('pending');
    try {
      await api('POST', '/api/admin/pictures/retry');
      setState('queued');
      await qc.invalidateQueries({ queryKey: adminKeys.alerts });
    } catch {
      setState('failed');
    }
  }
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">{message}</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void retry()} disabled={state === 'pending'}>
          {state === 'pending' ? 'Queuing…' : 'Try making the sizes again'}
        </Button>
        {state === 'queued' && <span className="text-sm">Queued: the sizes are being made again.</span>}
        {state === 'failed' && <span className="text-sm">Could not queue them. Please try again.</span>}
      </div>
    </div>
  );
}

function ChangePassword() {
  const api = useApi();
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    if ((data.newPassword ?? '').length < 8)
      return setError('The new password must be at least 8 characters.');
    if (data.newPassword !== data.repeat) return setError('The two new passwords differ.');
    setError(null);
    setPending(true);
    try {
      // better-auth's own endpoint; other sessions of this account stay signed in.
      await api('POST', '/api/auth/change-password', {
        currentPassword: data.currentPassword,
        newPassword: data.newPassword,
      });
      form.reset();
      await qc.invalidateQueries({ queryKey: adminKeys.alerts });
    } catch (err) {
      setError(serverMessage(err) ?? 'Could not change the password. Please try again.');
    } finally {
      setPending(false);
    }
  }
  return (
    <form onSubmit={onSubmit} className="mt-3 grid gap-3 sm:grid-cols-3" aria-label="Change your password">
      <TextField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
      />
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
      />
      <TextField
        label="New password again"
        name="repeat"
        type="password"
        autoComplete="new-password"
        required
      />
      {error && (
        <p role="status" className="text-sm text-red-800 sm:col-span-3">
          {error}
        </p>
      )}
      <div className="sm:col-span-3">
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? 'Changing…' : 'Change my password'}
        </Button>
      </div>
    </form>
  );
}
