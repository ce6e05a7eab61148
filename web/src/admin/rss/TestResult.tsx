import { formatDateTime, type RssSourceTestResult, type RssTestItem } from '@site/shared';
import { FeedError, FeedWarnings } from './FeedError';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function ItemLine({ item, reason }: { item: RssTestItem; reason?: string }) {
  return (
    <li className="break-words">
      {item.title}
      <span className="text-xs text-stone-500">
        {' · '}
        {item.publishedAt ? formatDateTime(item.publishedAt) : 'date unknown'}
        {reason ? ` · ${reason}` : ''}
      </span>
    </li>
  );
}

/**
 * What testing a feed found, as a run would see it: its title, what the source's keywords let in
 * and leave out, and anything wrong with it that did not stop it being read. Nothing was saved.
 */
export function TestResult({ url, result }: { url: string; result: RssSourceTestResult }) {
  const { counts } = result;
  return (
    <section
      aria-label="Feed test result"
      className={`mt-3 rounded-md border p-3 text-sm ${result.ok ? (result.warnings.length ? 'border-amber-200 bg-amber-50' : 'border-green-200 bg-green-50') : 'border-red-200 bg-red-50'}`}
    >
      <p className="break-all text-xs text-stone-600">{url}</p>
      {result.ok ? (
        <>
          <p className="mt-1 font-medium text-green-900">
            Feed works: {result.title || 'Untitled feed'} ({result.items.length}{' '}
            {result.items.length === 1 ? 'item' : 'items'} shown)
          </p>
          <p className="text-xs text-stone-700">
            A run would import {counts.importable} of {plural(counts.total, 'item')}
            {counts.skipped ? ` and skip ${counts.skipped} by the keywords` : ''}.
          </p>
          {result.warnings.length > 0 && (
            <div className="mt-2">
              <p className="font-medium text-amber-900">Read, with warnings:</p>
              <FeedWarnings warnings={result.warnings} />
            </div>
          )}
          <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-800">
            {result.items.map((i) => (
              <ItemLine key={i.url} item={i} />
            ))}
          </ul>
          {result.skipped.length > 0 && (
            <>
              <p className="mt-2 font-medium text-stone-800">Skipped by the keywords:</p>
              <ul aria-label="Skipped items" className="mt-1 list-disc space-y-1 pl-5 text-stone-600">
                {result.skipped.map((i) => (
                  <ItemLine key={i.url} item={i} reason={i.reason} />
                ))}
              </ul>
            </>
          )}
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
