import {
  formatDateTime,
  NEWSLETTER_STATUSES,
  type NewsletterStatus,
  type NewsletterSubscriber,
} from '@site/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast';
import { isUnauthorized, serverMessage, useApi } from '../api';
import { usePlatform } from '../platform';
import { adminKeys } from '../query-keys';
import { Badge, Button, ConfirmDialog, SelectField, TextField } from '../ui';
import { h2, refreshNewsletter, section } from './shared';

interface Page {
  subscribers: NewsletterSubscriber[];
  total: number;
  counts: Record<NewsletterStatus, number>;
}
const tone = { pending: 'amber', subscribed: 'green', unsubscribed: 'stone', bounced: 'red' } as const;
const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function saveFile(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Subscribers: search, status filter, counts; CSV out and in (consent required); a person's data out, or gone. */
export function SubscribersPanel() {
  const api = useApi();
  const toast = useToast();
  const qc = useQueryClient();
  const platform = usePlatform();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<NewsletterStatus | 'all'>('all');
  const [deleting, setDeleting] = useState<NewsletterSubscriber | null>(null);
  const [importText, setImportText] = useState<string | null>(null);
  const params = new URLSearchParams({ status, limit: '50', ...(q.trim() ? { q: q.trim() } : {}) });
  const list = useQuery({
    queryKey: adminKeys.newsletter.subscribers({ status, q: q.trim() }),
    queryFn: () => api<Page>('GET', `/api/admin/newsletter/subscribers?${params}`),
  });
  const fail = (title: string) => (err: unknown) => {
    if (!isUnauthorized(err)) toast({ title, description: serverMessage(err), variant: 'destructive' });
  };
  const remove = useMutation({
    mutationFn: (id: number) => api('DELETE', `/api/admin/newsletter/subscribers/${id}`),
    onSuccess: () => {
      setDeleting(null);
      toast({ title: 'Subscriber deleted', description: 'Their data and the mails sent to them are gone.' });
      void refreshNewsletter(qc);
    },
    onError: fail('Not deleted'),
  });
  const importCsv = useMutation({
    mutationFn: (csv: string) =>
      api<{ imported: number; updated: number; refused: Array<{ line: number; reason: string }> }>(
        'POST',
        '/api/admin/newsletter/import',
        { csv },
      ),
    onSuccess: (r) => {
      setImportText(null);
      const refused = r.refused
        .slice(0, 3)
        .map((x) => `line ${x.line}: ${x.reason}`)
        .join('; ');
      toast({
        title: 'Import done',
        description: `${r.imported} added, ${r.updated} confirmed, ${r.refused.length} refused${refused ? ` (${refused})` : ''}.`,
      });
      void refreshNewsletter(qc);
    },
    onError: fail('Import refused'),
  });
  async function exportOne(s: NewsletterSubscriber) {
    try {
      const data = await api<unknown>('GET', `/api/admin/newsletter/subscribers/${s.id}/export`);
      saveFile(
        `subscriber-${s.id}.json`,
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
    } catch (err) {
      fail('Export failed')(err);
    }
  }
  async function exportCsv() {
    // Through the platform's fetcher: the desktop app's session is a bearer token, not a cookie.
    const res = await platform.fetcher(`/api/admin/newsletter/subscribers.csv?status=${status}`);
    if (!res.ok) return fail('Export failed')(new Error(res.statusText));
    saveFile(`subscribers-${status}.csv`, await res.blob());
  }
  const counts = list.data?.counts;
  return (
    <section className={section} aria-labelledby="nl-subscribers">
      <h2 id="nl-subscribers" className={h2}>
        Subscribers
      </h2>
      {counts && (
        <p className="mb-3 flex flex-wrap gap-2 text-sm" data-testid="subscriber-counts">
          {NEWSLETTER_STATUSES.map((s) => (
            <Badge key={s} tone={tone[s]}>
              {label(s)}: {counts[s]}
            </Badge>
          ))}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <TextField label="Search by email" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as NewsletterStatus | 'all')}
          options={[
            { value: 'all', label: 'All' },
            ...NEWSLETTER_STATUSES.map((s) => ({ value: s, label: label(s) })),
          ]}
        />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void exportCsv()}>
          Export CSV
        </Button>
        <Button variant="secondary" onClick={() => setImportText('')}>
          Import CSV
        </Button>
      </div>
      {importText !== null && (
        <form
          className="mt-3 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            importCsv.mutate(importText);
          }}
        >
          <label htmlFor="nl-import-file" className="block text-sm font-medium text-stone-800">
            A CSV file with a header row naming <code>email</code> and <code>consent</code> (when and how each
            person agreed); rows without consent are refused.
          </label>
          <input
            id="nl-import-file"
            type="file"
            accept=".csv,text/csv"
            className="block text-sm"
            onChange={async (e) => setImportText((await e.target.files?.[0]?.text()) ?? '')}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={!importText || importCsv.isPending}>
              Import
            </Button>
            <Button variant="secondary" onClick={() => setImportText(null)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-stone-600">
            <tr>
              <th className="py-2 pr-3 font-medium">Email</th>
              <th className="py-2 pr-3 font-medium">Status</th>
              <th className="py-2 pr-3 font-medium">Consent</th>
              <th className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(list.data?.subscribers ?? []).map((s) => (
              <tr key={s.id} className="border-t border-stone-100" data-testid="subscriber-row">
                <td className="py-2 pr-3">
                  <span className="break-all text-stone-900">{s.email}</span>
                  {s.firstName && <span className="block text-xs text-stone-600">{s.firstName}</span>}
                </td>
                <td className="py-2 pr-3">
                  <Badge tone={tone[s.status]}>{label(s.status)}</Badge>
                </td>
                <td className="py-2 pr-3 text-xs text-stone-600">
                  {s.consentAt
                    ? `${formatDateTime(s.consentAt)} · ${s.source}`
                    : `asked ${formatDateTime(s.requestedAt)} · ${s.source}`}
                </td>
                <td className="py-2 text-right whitespace-nowrap">
                  <Button
                    variant="ghost"
                    onClick={() => void exportOne(s)}
                    aria-label={`Export the data of ${s.email}`}
                  >
                    Export
                  </Button>
                  <Button variant="ghost" onClick={() => setDeleting(s)} aria-label={`Delete ${s.email}`}>
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.data && list.data.total === 0 && (
          <p className="py-3 text-sm text-stone-600">No subscriber matches.</p>
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this subscriber?"
        body={`${deleting?.email ?? ''}: the address, its consent record and the mails sent to it are deleted for good (a GDPR erasure request).`}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
