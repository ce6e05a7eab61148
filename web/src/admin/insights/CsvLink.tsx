import type { ReactNode } from 'react';
import { keyToUrl, throwIfNotOk } from '../../lib/api';
import { usePlatform } from '../platform';
import { adminKeys, type InsightsRange } from '../query-keys';
import { Button } from '../ui';
import { buttonLike } from './styles';

/**
 * A file the API sends (a CSV export). On the web a plain link (the cookie goes along and the browser
 * streams the download); the desktop app carries its token in the fetcher, so it downloads there.
 */
export function DownloadLink({ url, name, children }: { url: string; name: string; children: ReactNode }) {
  const platform = usePlatform();
  if (platform.kind === 'web') {
    return (
      <a href={url} download={name} className={buttonLike}>
        {children}
      </a>
    );
  }
  return (
    <Button
      variant="secondary"
      onClick={async () => {
        const res = await throwIfNotOk(await platform.fetcher(url));
        const href = URL.createObjectURL(await res.blob());
        const a = document.createElement('a');
        a.href = href;
        a.download = name;
        a.click();
        setTimeout(() => URL.revokeObjectURL(href), 10_000);
      }}
    >
      {children}
    </Button>
  );
}

/** The raw clicks of the range as CSV. */
export function CsvLink({ range, productId }: { range: InsightsRange; productId?: number | undefined }) {
  const url = keyToUrl(adminKeys.insights.clicksCsv({ ...range, productId }));
  return (
    <DownloadLink url={url} name={`clicks-${range.from}-to-${range.to}.csv`}>
      Download CSV
    </DownloadLink>
  );
}
