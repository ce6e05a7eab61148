import { type NewsletterSponsor, formatDay } from '@site/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
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
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<NewsletterSponsor | null>(null);
  const fail = (title: string) => (err: unknown) => {
    if (!isUnauthorized(err)) toast({ title, description: serverMessage(err), variant: 'destructive' });
  };
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => api('POST', adminKeys.newsletter.sponsors[0], body),
    onSuccess: () => {
      setAdding(false);
      toast({ title: 'Sponsor added' });
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
    create.mutate({ ...f, imageUrl: f.imageUrl || null, active: true });
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
            <Button variant="ghost" onClick={() => setDeleting(s)}>
              Delete
            </Button>
          </li>
        ))}
        {sponsors.data?.length === 0 && <li className="text-sm text-stone-600">No sponsor yet.</li>}
      </ul>
      {adding ? (
        <form className="mt-4 grid gap-3 sm:grid-cols-2" onSubmit={onSubmit}>
          <TextField label="Name" name="name" required />
          <TextField label="Link (https://…)" name="linkUrl" type="url" required />
          <div className="sm:col-span-2">
            <TextAreaField label="Text" name="body" rows={3} required />
          </div>
          <TextField label="Image URL (optional)" name="imageUrl" />
          <div />
          <TextField label="First day" name="runsFrom" type="date" required />
          <TextField label="Last day" name="runsUntil" type="date" required />
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              Save sponsor
            </Button>
            <Button variant="secondary" onClick={() => setAdding(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button className="mt-3" variant="secondary" onClick={() => setAdding(true)}>
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
