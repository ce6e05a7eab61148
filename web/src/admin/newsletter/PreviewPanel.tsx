import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast';
import { isUnauthorized, serverMessage, useApi } from '../api';
import { adminKeys } from '../query-keys';
import { Button, SelectField } from '../ui';
import { MailFrame } from './MailFrame';
import { h2, refreshNewsletter, section } from './shared';

interface Preview {
  subject: string;
  html: string;
  text: string;
  articleCount: number;
}

/**
 * The next digest as it would go out now, a test to yourself, and for admins (`sending`) the digest
 * now or one article as a special issue. `canTest` and `canSend`: mail can leave at all.
 */
export function PreviewPanel({
  canTest,
  canSend,
  sending,
}: {
  canTest: boolean;
  canSend: boolean;
  sending: boolean;
}) {
  const api = useApi();
  const toast = useToast();
  const qc = useQueryClient();
  const preview = useQuery({
    queryKey: adminKeys.newsletter.preview,
    queryFn: () => api<Preview>('GET', adminKeys.newsletter.preview[0]),
  });
  const published = useQuery({
    queryKey: adminKeys.articles.list({ status: 'published', limit: 20, newsletter: true }),
    queryFn: () =>
      api<Array<{ id: number; title: string }>>(
        'GET',
        '/api/admin/content?status=published&limit=20&sort=newest',
      ),
    enabled: sending,
  });
  const [articleId, setArticleId] = useState('');
  const fail = (title: string) => (err: unknown) => {
    if (!isUnauthorized(err)) toast({ title, description: serverMessage(err), variant: 'destructive' });
  };
  const test = useMutation({
    mutationFn: () => api<{ message: string }>('POST', '/api/admin/newsletter/test'),
    onSuccess: (r) => toast({ title: 'Test sent', description: r.message }),
    onError: fail('Test not sent'),
  });
  const digest = useMutation({
    mutationFn: () => api<{ id: number; total: number }>('POST', '/api/admin/newsletter/digest'),
    onSuccess: (r) => {
      toast({ title: 'Digest queued', description: `Issue ${r.id}: ${r.total} recipients.` });
      void refreshNewsletter(qc);
    },
    onError: fail('Digest not sent'),
  });
  const special = useMutation({
    mutationFn: () =>
      api<{ id: number; total: number }>('POST', '/api/admin/newsletter/special', {
        articleId: Number(articleId),
      }),
    onSuccess: (r) => {
      toast({ title: 'Special issue queued', description: `Issue ${r.id}: ${r.total} recipients.` });
      void refreshNewsletter(qc);
    },
    onError: fail('Special issue not sent'),
  });
  const p = preview.data;
  return (
    <section className={section} aria-labelledby="nl-preview">
      <h2 id="nl-preview" className={h2}>
        Next digest
      </h2>
      {p ? (
        <>
          <p className="text-sm text-stone-700">
            <strong>Subject:</strong> {p.subject} · {p.articleCount} new article
            {p.articleCount === 1 ? '' : 's'}
          </p>
          <MailFrame
            title="Preview of the next digest"
            path="/api/admin/newsletter/preview/html"
            text={p.text}
            version={p.subject}
          />
        </>
      ) : (
        <p className="text-sm text-stone-600">
          {preview.isError ? 'The preview could not be built.' : 'Loading the preview…'}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!canTest || test.isPending} onClick={() => test.mutate()}>
          {test.isPending ? 'Sending…' : 'Send a test to me'}
        </Button>
        {sending && (
          <Button disabled={!canSend || digest.isPending || !p?.articleCount} onClick={() => digest.mutate()}>
            Send the digest now
          </Button>
        )}
      </div>
      {sending && (
        <form
          className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (articleId) special.mutate();
          }}
        >
          <div className="flex-1">
            <SelectField
              label="Send one article as a special issue"
              value={articleId}
              onChange={(e) => setArticleId(e.target.value)}
              options={[
                { value: '', label: 'Choose a published article' },
                ...(published.data ?? []).map((a) => ({ value: String(a.id), label: a.title })),
              ]}
            />
          </div>
          <Button type="submit" variant="secondary" disabled={!canSend || !articleId || special.isPending}>
            Send special issue
          </Button>
        </form>
      )}
    </section>
  );
}
