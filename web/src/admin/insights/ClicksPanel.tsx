import type { Product } from '@site/shared';
import { useState } from 'react';
import { useAdminList } from '../crud';
import { SelectField } from '../ui';
import { CsvLink } from './CsvLink';
import { DayChart } from './DayChart';
import { InsightsPanel, RankedList } from './InsightsPanel';
import { LinkHealth } from './LinkHealth';
import { useClicksReport } from './queries';
import { RangePicker, useInsightsRange } from './RangePicker';

/** Products tab: affiliate clicks over time, where they came from, and whether the links still work. */
export function ClicksPanels() {
  return (
    <>
      <InsightsPanel title="Affiliate performance">{() => <ClicksReportView />}</InsightsPanel>
      <InsightsPanel title="Affiliate link health">{() => <LinkHealth />}</InsightsPanel>
    </>
  );
}

function ClicksReportView() {
  // The Products list's own first page (shared cache), whatever filter the list below has on.
  const products = useAdminList<Product>('products').items;
  const range = useInsightsRange(30);
  const [productId, setProductId] = useState<number | undefined>();
  const q = useClicksReport(range.range, productId);
  const report = q.data;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <RangePicker state={range} label="Clicks report range" />
        <div className="w-full sm:w-64">
          <SelectField
            label="Product"
            value={productId ? String(productId) : ''}
            onChange={(e) => setProductId(e.target.value ? Number(e.target.value) : undefined)}
            options={[
              { value: '', label: 'All products' },
              ...products.map((p) => ({ value: String(p.id), label: p.title })),
            ]}
          />
        </div>
      </div>
      {q.error ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to load clicks: {q.error.message}
        </p>
      ) : !report ? (
        <p role="status" className="text-sm text-stone-600">
          Loading clicks…
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-lg font-semibold">
              {report.total} click{report.total === 1 ? '' : 's'}
            </p>
            {range.range && <CsvLink range={range.range} productId={productId} />}
          </div>
          <DayChart series={report.series} what="Clicks" />
          <div className="grid gap-6 sm:grid-cols-2">
            <RankedList
              title="Top products"
              empty="No clicks in this range."
              items={report.topProducts.map((p) => ({ key: p.productId, label: p.title, count: p.clicks }))}
            />
            <RankedList
              title="Top pages"
              empty="No clicks in this range."
              items={report.topPages.map((p) => ({
                key: p.path ?? '',
                label: p.path ?? 'Unknown page',
                count: p.clicks,
              }))}
            />
            <RankedList
              title="Newsletter sponsors"
              empty="No sponsor link clicked in this range."
              items={(report.sponsors ?? []).map((s) => ({
                key: s.sponsorId,
                label: s.name,
                count: s.clicks,
              }))}
            />
          </div>
        </>
      )}
    </>
  );
}
