import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../ui';

/**
 * Backup codes, shown once: each signs in once when the phone is not at hand. Copy and download so
 * they can be kept somewhere safe; the server keeps them encrypted and never shows them again.
 */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `${codes.join('\n')}\n`;
  const download = useMemo(() => URL.createObjectURL?.(new Blob([text], { type: 'text/plain' })), [text]);
  useEffect(
    () => () => {
      if (download) URL.revokeObjectURL(download);
    },
    [download],
  );
  return (
    <div className="space-y-3">
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-stone-900">
        Your backup codes
      </h3>
      <p className="text-sm text-stone-700">
        Keep these somewhere safe. Each code signs you in once if you do not have your phone. You will not see
        them again.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-1 gap-1 rounded-md bg-stone-50 p-3 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(text);
              setCopied('yes');
            } catch {
              setCopied('no');
            }
          }}
        >
          Copy codes
        </Button>
        {download && (
          <a
            href={download}
            download="backup-codes.txt"
            className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50"
          >
            Download codes
          </a>
        )}
        <Button onClick={onDone}>I have saved them</Button>
      </div>
      <p role="status" className="text-sm text-stone-700">
        {copied === 'yes'
          ? 'Codes copied.'
          : copied === 'no'
            ? 'Could not copy. Select the codes and copy them.'
            : ''}
      </p>
    </div>
  );
}
