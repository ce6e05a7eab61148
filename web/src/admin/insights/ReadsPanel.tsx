import { useState } from 'react';
import { Button, Dialog } from '../ui';
import { DayChart } from './DayChart';
import { InsightsPanel, RankedList } from './InsightsPanel';
import { useReadsReport } from './queries';
import { RangePicker, useInsightsRange } from './RangePicker';

/** Articles tab: the most-read articles of a range and reads per day. */
export function ReadsPanel() {
  return <InsightsPanel title="Reading counts">{() => <ReadsReportView />}</InsightsPanel>;
}

function ReadsReportView({ articleId }: { articleId?: number }) {
  const range = useInsightsRange(30);
  const q = useReadsReport(range.range, articleId);
  const report = q.data;
  return (
    <div className="space-y-4">
      <RangePicker state={range} label="Reads report range" />
      {q.error ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to load reads: {q.error.message}
        </p>
      ) : !report ? (
        <p role="status" className="text-sm text-stone-600">
          Loading reads…
        </p>
      ) : (
        <>
          <p className="text-lg font-semibold">
            {report.total} read{report.total === 1 ? '' : 's'}
          </p>
          <DayChart series={report.series} what="Reads" />
          {!articleId && (
            <RankedList
              title="Most read"
              empty="No reads in this range."
              items={report.mostRead.map((a) => ({ key: a.articleId, label: a.title, count: a.reads }))}
            />
          )}
        </>
      )}
    </div>
  );
}

/** Beside an article's Edit button: its reads per day, in a dialog. */
export function ArticleReadsButton({ id, title }: { id: number; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" aria-label={`Reads of ${title}`} onClick={() => setOpen(true)}>
        Reads
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Reads: ${title}`}>
        {open && <ReadsReportView articleId={id} />}
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Close
          </Button>
        </div>
      </Dialog>
    </>
  );
}
