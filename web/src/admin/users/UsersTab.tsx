import { SKELETONS, timeAgo } from '@site/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast';
import { isUnauthorized, serverMessage, useApi } from '../api';
import { adminKeys } from '../query-keys';
import { ConfirmDialog, Skeletons, Switch } from '../ui';

interface AdminUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  isAdmin: boolean;
  createdAt: string;
}
const usersKey = adminKeys.users.all;

/** Users and their Admin switch; taking your own admin access away asks first. */
export function UsersTab({ currentUserId }: { currentUserId: string }) {
  const api = useApi();
  const toast = useToast();
  const qc = useQueryClient();
  const users = useQuery({ queryKey: usersKey, queryFn: () => api<AdminUser[]>('GET', usersKey[0]) });
  const [selfDemote, setSelfDemote] = useState(false);
  const toggle = useMutation({
    mutationFn: ({ id, isAdmin }: { id: string; isAdmin: boolean }) =>
      api('PUT', `/api/admin/users/${id}/admin`, { isAdmin }),
    onSuccess: () => {
      toast({ title: 'Success', description: 'User admin status updated' });
      return qc.invalidateQueries({ queryKey: usersKey });
    },
    onError: (err) => {
      if (isUnauthorized(err)) return;
      const detail = serverMessage(err);
      toast({
        title: 'Error',
        description: `Failed to update user${detail ? `: ${detail}` : ''}`,
        variant: 'destructive',
      });
    },
  });

  return (
    <div>
      <h2 className="mb-4 font-serif text-2xl font-semibold">Users</h2>
      {users.isLoading ? (
        <Skeletons count={SKELETONS.users} label="Loading users" />
      ) : users.error ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
          Error: {users.error.message}
        </p>
      ) : (
        <ul className="space-y-3">
          {(users.data ?? []).map((u) => {
            const name = [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;
            return (
              <li
                key={u.id}
                className="flex items-center justify-between gap-4 rounded-lg border border-stone-200 bg-white p-4"
              >
                <div>
                  <h3 className="font-semibold">{name}</h3>
                  <p className="text-sm text-stone-600">{u.email}</p>
                  <p className="text-xs text-stone-500">Joined {timeAgo(u.createdAt)}</p>
                </div>
                <div className="flex items-center gap-2 text-sm">
                  <span>Admin</span>
                  <Switch
                    label={`Admin: ${name}`}
                    checked={u.isAdmin}
                    disabled={toggle.isPending}
                    onChange={(isAdmin) =>
                      u.id === currentUserId && !isAdmin
                        ? setSelfDemote(true)
                        : toggle.mutate({ id: u.id, isAdmin })
                    }
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={selfDemote}
        title="Remove your own admin access?"
        body="You will lose access to this dashboard straight away."
        confirmLabel="Remove my access"
        onCancel={() => setSelfDemote(false)}
        onConfirm={() => {
          setSelfDemote(false);
          toggle.mutate({ id: currentUserId, isAdmin: false });
        }}
      />
    </div>
  );
}
