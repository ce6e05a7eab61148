import { formatDateTime } from '@site/shared';
import type { RssSourceTestResult } from '@site/shared';
import { FeedError } from './FeedError';

/** What testing a feed found: its title and first items, or why it failed. Nothing was saved. */
export function TestResult({ url, result }: { url: string; result: RssSourceTestResult }) {
  return (
    <section
      aria-label="Feed test result"
      className={`mt-3 rounded-md border p-3 text-sm ${result.ok ? 'border-green-200 bg-green-50' : 'border-red-200 bg-red-50'}`}
    >
      <p className="break-all text-xs text-stone-600">{url}</p>
      {result.ok ? (
        <>
          <p className="mt-1 font-medium text-green-900">
            Feed works: {result.title || 'Untitled feed'} ({result.items.length}{' '}
            {result.items.length === 1 ? 'item' : 'items'} shown)
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-800">
            {result.items.map((i) => (
              <li key={i.url}>
                {i.title}
                {i.publishedAt && (
                  <span className="text-xs text-stone-500"> · {formatDateTime(i.publishedAt)}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div className="mt-1">
          <p className="font-medium text-red-900">This feed cannot be imported.</p>
          <FeedError problem={result.problem} error={result.error ?? 'Failed'} />
        </div>
      )}
    </section>
  );
}
