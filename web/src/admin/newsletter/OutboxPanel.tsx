import { formatDateTime, type NewsletterOutboxMessage } from '@site/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../api';
import { adminKeys } from '../query-keys';
import { Button, Dialog } from '../ui';
import { MailFrame } from './MailFrame';
import { h2, section } from './shared';

/** Development only (no SMTP_URL): the mail that would have gone out, headers and rendered HTML. */
export function OutboxPanel() {
  const api = useApi();
  const outbox = useQuery({
    queryKey: adminKeys.newsletter.outbox,
    queryFn: () => api<NewsletterOutboxMessage[]>('GET', adminKeys.newsletter.outbox[0]),
    refetchInterval: 3000,
  });
  const [open, setOpen] = useState<NewsletterOutboxMessage | null>(null);
  return (
    <section className={section} aria-labelledby="nl-outbox">
      <h2 id="nl-outbox" className={h2}>
        Outbox (development)
      </h2>
      {(outbox.data ?? []).length === 0 ? (
        <p className="text-sm text-stone-600">
          Nothing sent yet. Subscribe from the site's footer to see the confirmation mail here.
        </p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {(outbox.data ?? []).map((m) => (
            <li
              key={m.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="outbox-row"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-stone-900">{m.subject}</p>
                <p className="text-xs text-stone-600">
                  to {m.to} · {m.kind} · {formatDateTime(m.createdAt)}
                </p>
              </div>
              <Button variant="secondary" onClick={() => setOpen(m)}>
                View
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={open !== null} onClose={() => setOpen(null)} title={open?.subject ?? ''}>
        {open && (
          <div className="space-y-3">
            <dl className="max-h-48 overflow-auto rounded bg-stone-50 p-2 font-mono text-xs text-stone-800">
              {open.headers.map(([k, v], i) => (
                <div key={`${k}-${i}`} className="break-all">
                  <dt className="inline font-semibold">{k}:</dt> <dd className="inline">{v}</dd>
                </div>
              ))}
            </dl>
            <MailFrame
              title="The mail as sent"
              path={`/api/admin/newsletter/outbox/${open.id}/html`}
              text={open.text}
            />
            <Button variant="secondary" onClick={() => setOpen(null)}>
              Close
            </Button>
          </div>
        )}
      </Dialog>
    </section>
  );
}
