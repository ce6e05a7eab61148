import { type NewsletterSponsor, formatDay } from '@site/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useToast } from '../../components/toast/toast';
import { isUnauthorized, serverMessage, useApi } from '../api';
import { adminKeys } from '../query-keys';
import { Button, ConfirmDialog, TextAreaField, TextField } from '../ui';
import { h2, refreshNewsletter, section } from './shared';

/** Sponsor blocks: each runs in the digests sent between its first and last day; its link counts clicks. */
export function SponsorsPanel() {
  const api = useApi();
  const toast = useToast();
  const qc = useQueryClient();
  const sponsors = useQuery({
    queryKey: adminKeys.newsletter.sponsors,
    queryFn: () => api<NewsletterSponsor[]>('GET', adminKeys.newsletter.sponsors[0]),
  });
  // The form: closed, a new sponsor, or an existing one being edited.
  const [editing, setEditing] = useState<NewsletterSponsor | 'new' | null>(null);
  const [deleting, setDeleting] = useState<NewsletterSponsor | null>(null);
  const fail = (title: string) => (err: unknown) => {
    if (!isUnauthorized(err)) toast({ title, description: serverMessage(err), variant: 'destructive' });
  };
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
      id === null
        ? api('POST', adminKeys.newsletter.sponsors[0], body)
        : api('PUT', `${adminKeys.newsletter.sponsors[0]}/${id}`, body),
    onSuccess: (_saved, { id }) => {
      setEditing(null);
      toast({ title: id === null ? 'Sponsor added' : 'Sponsor updated' });
      void refreshNewsletter(qc);
    },
    onError: fail('Sponsor not saved'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api('DELETE', `${adminKeys.newsletter.sponsors[0]}/${id}`),
    onSuccess: () => {
      setDeleting(null);
      void refreshNewsletter(qc);
    },
    onError: fail('Sponsor not deleted'),
  });
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    const current = editing === 'new' ? null : editing;
    save.mutate({
      id: current?.id ?? null,
      body: { ...f, imageUrl: f.imageUrl || null, active: current?.active ?? true },
    });
  }
  return (
    <section className={section} aria-labelledby="nl-sponsors">
      <h2 id="nl-sponsors" className={h2}>
        Sponsors
      </h2>
      <ul className="space-y-2">
        {(sponsors.data ?? []).map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-stone-100 p-3"
            data-testid="sponsor-row"
          >
            <div>
              <p className="font-medium text-stone-900">{s.name}</p>
              <p className="text-xs text-stone-600">
                {formatDay(s.runsFrom)} – {formatDay(s.runsUntil)} · {s.clicks} click
                {s.clicks === 1 ? '' : 's'}
              </p>
            </div>
            <div className="flex gap-1">
              <Button variant="ghost" aria-label={`Edit ${s.name}`} onClick={() => setEditing(s)}>
                Edit
              </Button>
              <Button variant="ghost" aria-label={`Delete ${s.name}`} onClick={() => setDeleting(s)}>
                Delete
              </Button>
            </div>
          </li>
        ))}
        {sponsors.data?.length === 0 && <li className="text-sm text-stone-600">No sponsor yet.</li>}
      </ul>
      {editing ? (
        <SponsorForm
          key={editing === 'new' ? 'new' : editing.id}
          sponsor={editing === 'new' ? null : editing}
          saving={save.isPending}
          onSubmit={onSubmit}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <Button className="mt-3" variant="secondary" onClick={() => setEditing('new')}>
          Add a sponsor
        </Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this sponsor?"
        body={`${deleting?.name ?? ''} and its click counts go. Issues already sent keep their copy.`}
        confirmLabel="Delete"
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

/** A sponsor's fields, empty for a new one or filled with the one being edited. */
function SponsorForm(props: {
  sponsor: NewsletterSponsor | null;
  saving: boolean;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}) {
  const s = props.sponsor;
  const headingId = useId();
  return (
    <form className="mt-4 grid gap-3 sm:grid-cols-2" onSubmit={props.onSubmit} aria-labelledby={headingId}>
      <h3 id={headingId} className="font-medium text-stone-900 sm:col-span-2">
        {s ? `Edit ${s.name}` : 'New sponsor'}
      </h3>
      <TextField label="Name" name="name" required defaultValue={s?.name} />
      <TextField label="Link (https://…)" name="linkUrl" type="url" required defaultValue={s?.linkUrl} />
      <div className="sm:col-span-2">
        <TextAreaField label="Text" name="body" rows={3} required defaultValue={s?.body} />
      </div>
      <TextField label="Image URL (optional)" name="imageUrl" defaultValue={s?.imageUrl ?? ''} />
      <div />
      <TextField
        label="First day"
        name="runsFrom"
        type="date"
        required
        defaultValue={s?.runsFrom.slice(0, 10)}
      />
      <TextField
        label="Last day"
        name="runsUntil"
        type="date"
        required
        defaultValue={s?.runsUntil.slice(0, 10)}
      />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={props.saving}>
          Save sponsor
        </Button>
        <Button variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
