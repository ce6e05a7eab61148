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
