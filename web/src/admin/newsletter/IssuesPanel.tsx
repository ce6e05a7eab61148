import { formatDateTime, type NewsletterIssueSummary } from '@site/shared';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api';
import { adminKeys } from '../query-keys';
import { Badge } from '../ui';
import { h2, section } from './shared';

/** Issues sent, newest first; while one is sending the counts refresh every 2 seconds. */
export function IssuesPanel() {
  const api = useApi();
  const issues = useQuery({
    queryKey: adminKeys.newsletter.issues,
    queryFn: () => api<NewsletterIssueSummary[]>('GET', adminKeys.newsletter.issues[0]),
    refetchInterval: (q) => (q.state.data?.some((i) => i.status === 'sending') ? 2000 : false),
  });
  const rows = issues.data ?? [];
  return (
    <section className={section} aria-labelledby="nl-issues">
      <h2 id="nl-issues" className={h2}>
        Issues
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-stone-600">No issue sent yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-stone-600">
              <tr>
                <th className="py-2 pr-3 font-medium">Issue</th>
                <th className="py-2 pr-3 font-medium">Status</th>
                <th className="py-2 pr-3 text-right font-medium">Queued</th>
                <th className="py-2 pr-3 text-right font-medium">Sent</th>
                <th className="py-2 pr-3 text-right font-medium">Failed</th>
                <th className="py-2 text-right font-medium">Bounced</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((i) => (
                <tr key={i.id} className="border-t border-stone-100" data-testid="issue-row">
                  <td className="py-2 pr-3">
                    <span className="font-medium text-stone-900">{i.subject}</span>
                    <span className="block text-xs text-stone-600">
                      {i.kind === 'special' ? 'Special issue' : 'Digest'} · {formatDateTime(i.createdAt)}
                    </span>
                  </td>
                  <td className="py-2 pr-3">
                    <Badge tone={i.status === 'sent' ? 'green' : i.status === 'sending' ? 'amber' : 'red'}>
                      {i.status}
                    </Badge>
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{i.counts.queued}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{i.counts.sent}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{i.counts.failed}</td>
                  <td className="py-2 text-right tabular-nums">{i.counts.bounced}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
