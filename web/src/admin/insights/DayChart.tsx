import { type DayCount, formatDay } from '@site/shared';
import { useEffect, useId, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { Button } from '../ui';

const HEIGHT = 200;
const DAY_S = 24 * 60 * 60;

/**
 * The x range of the bars: half a day of room either side of the first and last day. Each bar is drawn
 * centred on its day, so a range ending exactly at the last day cut today's bar in half (issue 26).
 */
export function dayRange(min: number, max: number): [number, number] {
  return [min - DAY_S / 2, max + DAY_S / 2];
}
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** One sentence a screen reader hears in place of the bars. */
export function chartSummary(what: string, series: DayCount[]): string {
  if (!series.length) return `${what}: no days chosen.`;
  const total = series.reduce((n, d) => n + d.count, 0);
  const first = series[0]!;
  const last = series[series.length - 1]!;
  const peak = series.reduce((a, b) => (b.count > a.count ? b : a), first);
  const span = `from ${formatDay(first.day)} to ${formatDay(last.day)}`;
  return total === 0
    ? `${what} ${span}: none.`
    : `${what} ${span}: ${total} in total, most on ${formatDay(peak.day)} (${peak.count}).`;
}

/**
 * Counts per day as bars (uPlot: ~20 KB gzip, canvas, fetched only when a chart is first shown), with
 * the same numbers as a table on demand for screen readers and keyboard users.
 */
export function DayChart({ series, what }: { series: DayCount[]; what: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const xs = series.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
      const ys = series.map((d) => d.count);
      const top = Math.max(1, ...ys);
      try {
        plot = new UPlot(
          {
            width: el.clientWidth || 320,
            height: HEIGHT,
            legend: { show: false },
            // Days are calendar days: draw them in UTC so no local offset shifts a bar.
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
            scales: {
              x: { time: true, range: (_u, min, max) => dayRange(min, max) },
              y: { range: [0, Math.ceil(top * 1.1)] },
            },
            axes: [
              { values: (_u, splits) => splits.map((s) => shortDay.format(new Date(s * 1000))) },
              { values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')) },
            ],
            series: [
              {},
              {
                label: what,
                stroke: '#be123c',
                fill: 'rgba(190, 18, 60, 0.35)',
                paths: UPlot.paths.bars?.({ size: [0.8, 40] }),
                points: { show: false },
              },
            ],
          },
          [xs, ys],
          el,
        );
      } catch {
        return; // No canvas (a test DOM): the table still says everything.
      }
      observer = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth || 320, height: HEIGHT }));
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [series, what]);

  return (
    <figure className="min-w-0">
      <div ref={box} role="img" aria-label={chartSummary(what, series)} className="w-full overflow-hidden" />
      <figcaption className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm text-stone-600">
        <span>{what} per day (days in UK time)</span>
        <Button
          variant="secondary"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((s) => !s)}
        >
          {showTable ? 'Hide table' : 'Show as table'}
        </Button>
      </figcaption>
      {showTable && (
        // A long table scrolls in place: a focusable region, so the keyboard can scroll it too.
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: axe requires keyboard access to a scrollable region
          tabIndex={0}
          aria-label={`${what} per day, table`}
          className="mt-2 max-h-72 overflow-auto rounded border border-stone-200"
        >
          <table id={tableId} className="w-full text-left text-sm">
            <caption className="sr-only">{what} per day</caption>
            <thead className="bg-stone-50">
              <tr>
                <th scope="col" className="px-3 py-1">
                  Day
                </th>
                <th scope="col" className="px-3 py-1 text-right">
                  {what}
                </th>
              </tr>
            </thead>
            <tbody>
              {series.map((d) => (
                <tr key={d.day} className="border-t border-stone-100">
                  <th scope="row" className="px-3 py-1 font-normal">
                    {formatDay(d.day)}
                  </th>
                  <td className="px-3 py-1 text-right tabular-nums">{d.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </figure>
  );
}
