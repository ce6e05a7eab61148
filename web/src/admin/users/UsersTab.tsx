import { SKELETONS, STAFF_ROLES, type StaffRole, timeAgo } from '@site/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast';
import { isUnauthorized, serverMessage, useApi } from '../api';
import { adminKeys } from '../query-keys';
import { Badge, Button, ConfirmDialog, Skeletons } from '../ui';
import { Invitations } from './Invitations';
import { ROLE_LABELS } from './roles';

interface AdminUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  isAdmin: boolean;
  role: StaffRole | null;
  createdAt: string;
}
const usersKey = adminKeys.users.all;

const ROLE_OPTIONS = (['reader', ...STAFF_ROLES] as const).map((value) => ({
  value,
  label: ROLE_LABELS[value],
}));

/**
 * Users, each with their role and a select to change it (issue 42). Taking your own admin role away
 * asks first; "Sign out everywhere" ends all of a user's sessions.
 */
export function UsersTab({ currentUserId }: { currentUserId: string }) {
  const api = useApi();
  const toast = useToast();
  const qc = useQueryClient();
  const users = useQuery({ queryKey: usersKey, queryFn: () => api<AdminUser[]>('GET', usersKey[0]) });
  const [selfDemote, setSelfDemote] = useState<StaffRole | null | undefined>(undefined);
  const [signOut, setSignOut] = useState<AdminUser | null>(null);
  const failed = (err: Error) => {
    if (isUnauthorized(err)) return;
    const detail = serverMessage(err);
    toast({
      title: 'Error',
      description: `Failed to update user${detail ? `: ${detail}` : ''}`,
      variant: 'destructive',
    });
  };
  const setRole = useMutation({
    mutationFn: ({ id, role }: { id: string; role: StaffRole | null }) =>
      api('PUT', `/api/admin/users/${id}/role`, { role }),
    // The select shows the choice at once (it is never disabled, so focus stays on it).
    onMutate: ({ id, role }) =>
      qc.setQueryData<AdminUser[]>(usersKey, (list) =>
        list?.map((u) => (u.id === id ? { ...u, role, isAdmin: role === 'admin' } : u)),
      ),
    onSuccess: () => {
      toast({ title: 'Success', description: 'User role updated' });
      return qc.invalidateQueries({ queryKey: usersKey });
    },
    // The select shows the stored role again.
    onError: (err) => {
      failed(err);
      return qc.invalidateQueries({ queryKey: usersKey });
    },
  });
  const endSessions = useMutation({
    mutationFn: (id: string) => api<{ ended: number }>('DELETE', `/api/admin/users/${id}/sessions`),
    onSuccess: (res) =>
      toast({
        title: 'Success',
        description: `Signed out of ${res.ended} session${res.ended === 1 ? '' : 's'}`,
      }),
    onError: failed,
  });

  return (
    <div>
      <h2 className="mb-4 font-serif text-2xl font-semibold">Users</h2>
      <Invitations />
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
            const current = u.role ?? 'reader';
            return (
              <li
                key={u.id}
                className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-stone-200 bg-white p-4"
              >
                <div>
                  <h3 className="font-semibold">
                    {name} <Badge tone={u.role ? 'rose' : 'stone'}>{ROLE_LABELS[current]}</Badge>
                  </h3>
                  <p className="text-sm text-stone-600">{u.email}</p>
                  <p className="text-xs text-stone-500">Joined {timeAgo(u.createdAt)}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <label className="flex items-center gap-2">
                    <span>Role</span>
                    <select
                      aria-label={`Role: ${name}`}
                      className="rounded-md border border-stone-300 bg-white px-2 py-1.5"
                      value={current}
                      onChange={(e) => {
                        const role = e.target.value === 'reader' ? null : (e.target.value as StaffRole);
                        if (u.id === currentUserId && u.role === 'admin' && role !== 'admin')
                          setSelfDemote(role);
                        else setRole.mutate({ id: u.id, role });
                      }}
                    >
                      {ROLE_OPTIONS.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  </label>
                  <Button
                    variant="secondary"
                    aria-label={`Sign out everywhere: ${name}`}
                    onClick={() => setSignOut(u)}
                  >
                    Sign out everywhere
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={selfDemote !== undefined}
        title="Remove your own admin access?"
        body="You will lose access to users, roles, subscribers and sending straight away."
        confirmLabel="Remove my access"
        onCancel={() => setSelfDemote(undefined)}
        onConfirm={() => {
          const role = selfDemote ?? null;
          setSelfDemote(undefined);
          setRole.mutate({ id: currentUserId, role });
        }}
      />
      <ConfirmDialog
        open={signOut !== null}
        title="Sign this user out everywhere?"
        body={`Every browser and desktop app where ${signOut?.email ?? 'they'} signed in is signed out at once.`}
        confirmLabel="Sign out everywhere"
        onCancel={() => setSignOut(null)}
        onConfirm={() => {
          const id = signOut!.id;
          setSignOut(null);
          endSessions.mutate(id);
        }}
      />
    </div>
  );
}
