import {
  formatDate,
  INVITATION_DAYS,
  invitationInput,
  STAFF_ROLES,
  type StaffInvitation,
  type StaffRole,
} from '@site/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useToast } from '../../components/toast/toast';
import { HttpError } from '../../lib/api';
import { isUnauthorized, serverMessage, useApi } from '../api';
import { fieldErrors } from '../crud';
import { adminKeys } from '../query-keys';
import { Badge, Button, ConfirmDialog, SelectField, TextField } from '../ui';
import { ROLE_LABELS } from './roles';

const key = adminKeys.invitations.all;
const ROLE_OPTIONS = STAFF_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

/**
 * The Users tab's invitations (issue 42 §6): invite an address with a role, and the invitations not
 * used yet, each with Revoke. The person gets a mail whose link works once, for 7 days.
 */
export function Invitations() {
  const api = useApi();
  const toast = useToast();
  const qc = useQueryClient();
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('contributor');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [revoking, setRevoking] = useState<StaffInvitation | null>(null);
  const list = useQuery({ queryKey: key, queryFn: () => api<StaffInvitation[]>('GET', key[0]) });
  const emailInput = () => form.current?.querySelector<HTMLInputElement>('input[type="email"]') ?? null;

  const send = useMutation({
    mutationFn: (body: { email: string; role: StaffRole }) => api<StaffInvitation>('POST', key[0], body),
    onSuccess: (sent) => {
      toast({ title: 'Success', description: `Invitation sent to ${sent.email}` });
      setEmail('');
      emailInput()?.focus();
      return qc.invalidateQueries({ queryKey: key });
    },
    onError: (err) => {
      if (isUnauthorized(err)) return;
      // "…already has an account" and a refused address belong beside the email; the rest to the form.
      const message = serverMessage(err) ?? 'Could not send the invitation. Please try again.';
      const status = err instanceof HttpError ? err.status : 0;
      setErrors(status === 409 || status === 400 ? { email: message } : { form: message });
      emailInput()?.focus();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => api('DELETE', `${key[0]}/${encodeURIComponent(id)}`),
    onSuccess: () => toast({ title: 'Success', description: 'Invitation revoked' }),
    onError: (err) => {
      if (isUnauthorized(err)) return;
      const detail = serverMessage(err);
      toast({
        title: 'Error',
        description: `Failed to revoke the invitation${detail ? `: ${detail}` : ''}`,
        variant: 'destructive',
      });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = invitationInput.safeParse({ email, role });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      emailInput()?.focus();
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  }

  const invitations = list.data ?? [];
  return (
    <section aria-labelledby={headingId} className="mb-8 rounded-lg border border-stone-200 bg-white p-4">
      <h3 id={headingId} className="font-semibold">
        Invite someone
      </h3>
      <p className="mt-1 text-sm text-stone-600">
        They get a mail with a link that works once, for {INVITATION_DAYS} days, to choose their name and
        password. They arrive with the role you pick.
      </p>
      <form ref={form} onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
            required
          />
        </div>
        <div className="w-full sm:w-44">
          <SelectField
            label="Invite as"
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRole)}
            options={ROLE_OPTIONS}
            error={errors.role}
          />
        </div>
        <Button type="submit" disabled={send.isPending} className="w-full sm:mt-6 sm:w-auto">
          {send.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </form>
      {errors.form && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.form}
        </p>
      )}

      <h4 className="mt-6 text-sm font-semibold text-stone-800">Pending invitations</h4>
      {list.isLoading ? (
        <p className="mt-2 text-sm text-stone-600">Loading invitations…</p>
      ) : list.error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          Could not load the invitations: {serverMessage(list.error) ?? list.error.message}
        </p>
      ) : invitations.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No invitations waiting.</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-200" aria-label="Pending invitations">
          {invitations.map((inv) => (
            <li key={inv.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="break-all font-medium">
                  {inv.email} <Badge tone="rose">{ROLE_LABELS[inv.role]}</Badge>{' '}
                  {inv.expired && <Badge tone="amber">Expired</Badge>}
                </p>
                <p className="text-xs text-stone-500">
                  {inv.expired ? 'Expired on' : 'Works until'} {formatDate(inv.expiresAt)}
                  {inv.invitedByName ? ` · invited by ${inv.invitedByName}` : ''}
                </p>
              </div>
              <Button
                variant="secondary"
                aria-label={`Revoke invitation: ${inv.email}`}
                onClick={() => setRevoking(inv)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this invitation?"
        body={`The link sent to ${revoking?.email ?? 'them'} stops working at once. You can invite them again later.`}
        confirmLabel="Revoke"
        removesRow
        // The row goes: focus moves to a neighbouring row, or to the form when it was the last.
        focusAfterConfirm={() => (invitations.length <= 1 ? emailInput() : null)}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          const id = revoking!.id;
          setRevoking(null);
          revoke.mutate(id);
        }}
      />
    </section>
  );
}
