/** A feed's failure in plain words, with the raw error one click away. */
export function FeedError({ problem, error }: { problem?: string | null | undefined; error: string }) {
  return (
    <div className="text-red-700">
      <p>{problem ?? error}</p>
      {problem && problem !== error && (
        <details className="mt-0.5 text-stone-600">
          <summary className="cursor-pointer text-xs">Details</summary>
          <code className="block break-all text-xs">{error}</code>
        </details>
      )}
    </div>
  );
}

/** What was wrong with a feed that was still read, in plain words ("1 undefined entity: …"). */
export function FeedWarnings({ warnings }: { warnings: string[] | undefined }) {
  if (!warnings?.length) return null;
  return (
    <ul aria-label="Feed warnings" className="mt-0.5 list-disc space-y-0.5 pl-4 text-amber-900">
      {warnings.map((w) => (
        <li key={w} className="break-words">
          {w}
        </li>
      ))}
    </ul>
  );
}
