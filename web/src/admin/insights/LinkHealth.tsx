import type { LinkHealthReport } from '@site/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useToast } from '../../components/toast/toast';
import { isUnauthorized, serverMessage, useApi } from '../api';
import { adminKeys } from '../query-keys';
import { Badge, Button } from '../ui';

const when = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

/** The latest check of every affiliate link, and a button to check them all now. */
export function LinkHealth() {
  const api = useApi();
  const qc = useQueryClient();
  const toast = useToast();
  const wasRunning = useRef(false);
  const q = useQuery({
    queryKey: adminKeys.insights.linkHealth,
    queryFn: () => api<LinkHealthReport>('GET', adminKeys.insights.linkHealth[0]),
    // While a check runs, look again every 2 s until it is done.
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });
  const run = useMutation({
    mutationFn: () => api('POST', `${adminKeys.insights.linkHealth[0]}/run`),
    onSuccess: () => {
      wasRunning.current = true;
      toast({ title: 'Success', description: 'Link check started' });
      return qc.invalidateQueries({ queryKey: adminKeys.insights.linkHealth });
    },
    onError: (err) => {
      if (isUnauthorized(err)) return;
      toast({
        title: 'Error',
        description: serverMessage(err) ?? 'Failed to start the link check',
        variant: 'destructive',
      });
    },
  });
  const report = q.data;
  const running = report?.running || run.isPending;
  // When a check finishes, the Products list's badges and "Broken links" filter refresh too.
  useEffect(() => {
    if (wasRunning.current && report && !report.running)
      void qc.invalidateQueries({ queryKey: adminKeys.products.all });
    wasRunning.current = Boolean(report?.running);
  }, [report, qc]);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-700" aria-live="polite">
          {!report
            ? 'Loading link checks…'
            : report.running
              ? 'Checking links…'
              : `${
                  report.lastCheckedAt
                    ? `${report.checked} links checked, ${report.broken} broken. Last check ${when.format(new Date(report.lastCheckedAt))}.`
                    : 'No links checked yet.'
                } ${
                  // What the server will really do: LINK_CHECK_CRON=off means no daily check (issue 26).
                  report.nextCheckAt
                    ? `Next scheduled check ${when.format(new Date(report.nextCheckAt))}.`
                    : 'Scheduled checks are switched off on this server.'
                }`}
        </p>
        <Button onClick={() => run.mutate()} disabled={running}>
          {running ? 'Checking…' : 'Check links now'}
        </Button>
      </div>
      {q.error && (
        <p role="alert" className="text-sm text-red-700">
          Failed to load link checks: {q.error.message}
        </p>
      )}
      {report && report.broken > 0 && (
        <ul className="space-y-2 text-sm">
          {report.checks
            .filter((c) => c.broken)
            .map((c) => (
              <li key={c.productId} className="rounded border border-red-200 bg-red-50 p-2">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone="amber">Broken link</Badge>
                  <span className="font-medium">{c.title}</span>
                </div>
                <p className="mt-1 break-all text-stone-700">
                  {c.error ?? `HTTP ${c.status}`}
                  {c.finalUrl && c.finalUrl !== c.url ? ` → ${c.finalUrl}` : ''}
                </p>
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
