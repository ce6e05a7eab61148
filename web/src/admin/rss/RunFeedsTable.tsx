import { FeedError, FeedWarnings } from './FeedError';
import type { FeedRunResult } from './types';

/**
 * Per feed: fetched, new, duplicates and its error in plain words. Warnings are listed under the
 * table, full width, so a phone reads them without scrolling the table sideways.
 */
export function RunFeedsTable({ feeds }: { feeds: FeedRunResult[] }) {
  const warned = feeds.filter((f) => !f.error && f.warnings?.length);
  return (
    <>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full min-w-[28rem] text-left text-xs">
          <thead className="text-stone-500">
            <tr>
              <th className="py-1 font-medium">Feed</th>
              <th className="py-1 font-medium">Fetched</th>
              <th className="py-1 font-medium">New</th>
              <th className="py-1 font-medium">Duplicates</th>
              <th className="py-1 font-medium">Result</th>
            </tr>
          </thead>
          <tbody>
            {feeds.map((f) => (
              <tr key={f.url} className="border-t border-stone-100 align-top">
                <td className="py-1 pr-2 text-stone-900">{f.name}</td>
                <td className="py-1">{f.fetched}</td>
                <td className="py-1">{f.created}</td>
                <td className="py-1">{f.duplicates}</td>
                <td className="py-1">
                  {f.error ? (
                    <FeedError problem={f.problem} error={f.error} />
                  ) : (
                    <span className={f.warnings?.length ? 'text-amber-900' : 'text-green-700'}>
                      {f.warnings?.length ? 'Read, with warnings' : 'OK'}
                      {f.filtered ? ` (${f.filtered} left out by keywords)` : ''}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {warned.map((f) => (
        <div key={f.url} className="mt-2 text-xs">
          <p className="font-medium text-amber-900">{f.name}: read, with warnings</p>
          <FeedWarnings warnings={f.warnings} />
        </div>
      ))}
    </>
  );
}
