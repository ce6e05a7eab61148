import { CATEGORY_LABELS, describeAiOutcome, formatDateTime, timeAgo } from '@site/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../components/toast/toast';
import { apiRequest } from '../../lib/api';
import { usePlatform } from '../platform';
import { invalidateChanged } from '../query-keys';
import { RunHistory } from './RunHistory';
import { RunProgress, runOutcome } from './RunProgress';
import { SourcesSection } from './SourcesSection';
import { RSS_STATUS_KEY, type RssStatus } from './types';

/** While a run is in progress the tab checks back this often to show its result. */
const RUNNING_POLL_MS = 3000;

const categoryLabel = (c: string) => CATEGORY_LABELS[c as keyof typeof CATEGORY_LABELS] ?? c;
/** "On the hour, every 6 hours (UTC)" inside a sentence. */
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * RSS Feeds tab (spec §2): process now (followed on screen to its end), the sources an editor
 * manages, statistics, recent activity and run history.
 */
export function RssTab() {
  const { fetcher } = usePlatform();
  const queryClient = useQueryClient();
  const toast = useToast();
  const status = useQuery({
    queryKey: RSS_STATUS_KEY,
    queryFn: () => apiRequest<RssStatus>(fetcher, 'GET', RSS_STATUS_KEY[0]),
    refetchInterval: (q) => (q.state.data?.running ? RUNNING_POLL_MS : false),
  });

  const refreshArticles = () => invalidateChanged(queryClient, 'articles', 'recipes');

  // The run started from this tab: shown until it ends, then its outcome stays on screen.
  const [watchedRunId, setWatchedRunId] = useState<number | null>(null);
  const process = useMutation({
    mutationFn: () =>
      apiRequest<{ message: string; runId: number }>(fetcher, 'POST', '/api/admin/rss/process'),
    onSuccess: ({ runId }) => {
      // The spec's toast says the run started; a second toast says how it ended (below).
      toast({ title: 'Success', description: 'RSS processing started' });
      setWatchedRunId(runId);
      void queryClient.invalidateQueries({ queryKey: RSS_STATUS_KEY });
      void refreshArticles();
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to start RSS processing', variant: 'destructive' });
    },
  });

  // When a run we watched finishes, its new articles and recipes should show everywhere.
  const running = status.data?.running ?? false;
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void refreshArticles();
    wasRunning.current = running;
  });

  const watched = status.data?.runs.find((r) => r.id === watchedRunId);

  // The toast follows the run: "started", then its outcome when it ends (one toast at a time, so the
  // outcome replaces the start). A run that failed, or partly failed, never toasts a success.
  const toastedRunId = useRef<number | null>(null);
  useEffect(() => {
    if (!watched || watched.status === 'running' || toastedRunId.current === watched.id) return;
    toastedRunId.current = watched.id;
    const outcome = runOutcome(watched);
    const ai = describeAiOutcome(watched.ai);
    toast({
      title: outcome.title,
      description: watched.ai?.failure && ai ? `${outcome.text} ${ai}.` : outcome.text,
      variant: outcome.tone === 'fail' || watched.status === 'partial' ? 'destructive' : 'default',
    });
  }, [watched, toast]);

  const busy = process.isPending || running;
  const data = status.data;
  const nextRun = data?.schedule.nextRunAt ? new Date(data.schedule.nextRunAt) : null;

  return (
    <div className="space-y-6">
      <section className="rounded-lg border border-stone-200 bg-white p-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 className="text-xl font-semibold text-stone-900">RSS Feed Management</h2>
            {data && (
              <>
                <p className="mt-1 text-sm text-stone-600" data-testid="schedule">
                  {data.schedule.description
                    ? `Automated RSS processing runs ${lowerFirst(data.schedule.description)} and generates themed recipes from the feeds marked for them.`
                    : 'Scheduled runs are off: RSS processing runs only when started here.'}
                </p>
                {nextRun && (
                  <p className="mt-1 text-sm text-stone-600" data-testid="next-run">
                    Next scheduled run: {formatDateTime(nextRun)}
                  </p>
                )}
              </>
            )}
          </div>
          <button
            type="button"
            onClick={() => process.mutate()}
            disabled={busy}
            className="rounded-md bg-rose-600 px-4 py-2 font-medium text-white hover:bg-rose-700 disabled:opacity-60"
          >
            {process.isPending ? 'Starting...' : running ? 'Processing...' : 'Process RSS Feeds Now'}
          </button>
        </div>
      </section>

      {status.isError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          Could not load the RSS status. {status.error.message}
        </p>
      )}
      {status.isPending && <p className="text-stone-600">Loading RSS status...</p>}

      {watchedRunId !== null && data && <RunProgress run={watched} />}

      {data && (
        <>
          <section aria-label="RSS statistics" className="grid gap-4 sm:grid-cols-3">
            <StatCard label="Total Articles" value={data.stats.totalArticles} />
            <StatCard label="WWE Recipes Generated" value={data.stats.wweRecipes} />
            <StatCard label="Sports Articles" value={data.stats.sportsArticles} />
          </section>

          <SourcesSection sources={data.sources} />

          <section className="rounded-lg border border-stone-200 bg-white p-6">
            <h3 className="text-lg font-semibold text-stone-900">Recent Activities</h3>
            <div className="mt-3 grid gap-6 md:grid-cols-2">
              <div>
                <h4 className="text-sm font-semibold uppercase tracking-wide text-stone-500">
                  Latest articles
                </h4>
                {data.recentArticles.length === 0 ? (
                  <p className="mt-2 text-sm text-stone-600">No articles yet.</p>
                ) : (
                  <ul className="mt-2 space-y-2">
                    {data.recentArticles.map((a) => (
                      <li key={a.id} className="text-sm">
                        <p className="font-medium text-stone-900">{a.title}</p>
                        <p className="text-xs text-stone-500">
                          {categoryLabel(a.category)} · {timeAgo(a.createdAt)}
                          {a.source ? ` · ${a.source}` : ''}
                        </p>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <div>
                <h4 className="text-sm font-semibold uppercase tracking-wide text-stone-500">
                  Latest WWE recipes
                </h4>
                {data.recentRecipes.length === 0 ? (
                  <p className="mt-2 text-sm text-stone-600">No WWE recipes yet.</p>
                ) : (
                  <ul className="mt-2 space-y-2">
                    {data.recentRecipes.map((r) => (
                      <li key={r.id} className="text-sm">
                        <p className="font-medium text-stone-900">{r.title}</p>
                        <p className="text-xs text-stone-500">{timeAgo(r.createdAt)}</p>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </div>
          </section>

          <RunHistory runs={data.runs} />
        </>
      )}
    </div>
  );
}

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-5">
      <p className="text-sm text-stone-600">{label}</p>
      <p className="mt-1 text-3xl font-bold text-stone-900">{value}</p>
    </div>
  );
}
