import { INSIGHTS } from '@site/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/bootstrap';
import * as s from '../src/db/schema';
import { CSV_BATCH } from '../src/insights/clicks-csv';
import { recordClick } from '../src/insights/record';
import { type Agent, dbTargets, signUpAdmin, testApp } from './helpers';

type Report = {
  total: number;
  series: { day: string; count: number }[];
  topProducts: { productId: number; title: string; clicks: number }[];
  topPages: { path: string | null; clicks: number }[];
};

describe.each(dbTargets)('affiliate click insights on %s', (kind) => {
  let booted: Booted;
  let admin: Agent;
  let serum: number;
  let mask: number;
  let formula: number;
  beforeAll(async () => {
    booted = await testApp(kind);
    admin = (await signUpAdmin(booted)).agent;
    const rows = await booted.deps.db
      .insert(s.products)
      .values([
        { title: 'Serum', description: 'D', price: '10.00', affiliateUrl: 'https://shop.example/serum' },
        { title: 'Mask', description: 'D', price: '5.00', affiliateUrl: 'https://shop.example/mask' },
        // A title a spreadsheet would run, with a comma and quotes to escape too.
        { title: '=HYPERLINK("http://evil.example","Click, me")', description: 'D', price: '1.00' },
      ])
      .returning({ id: s.products.id });
    [serum, mask, formula] = rows.map((r) => r.id) as [number, number, number];
    const db = booted.deps.db;
    const at = (iso: string) => new Date(iso);
    // Autumn change: BST ends 2026-10-25 at 01:00 UTC (that day is 25 hours long in London).
    await recordClick(db, serum, '/product/1', at('2026-10-24T22:59:00Z')); // 23:59 BST on the 24th
    await recordClick(db, serum, '/product/1', at('2026-10-24T23:30:00Z')); // 00:30 BST on the 25th
    await recordClick(db, serum, '/content/glow', at('2026-10-25T23:30:00Z')); // 23:30 GMT on the 25th
    await recordClick(db, mask, '/shop', at('2026-10-26T00:00:00Z')); // midnight GMT: the 26th
    // Spring change: BST starts 2026-03-29 at 01:00 UTC.
    await recordClick(db, mask, null, at('2026-03-29T00:30:00Z')); // 00:30 GMT on the 29th
    await recordClick(db, mask, '/shop', at('2026-03-29T23:30:00Z')); // 00:30 BST on the 30th
    await recordClick(db, formula, '/shop', at('2026-03-30T12:00:00Z'));
  });
  afterAll(async () => booted?.close());

  const report = async (query: string) => {
    const res = await admin.get(`/api/admin/insights/clicks?${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Report;
  };

  it('get /admin/insights/clicks counts per London day across the autumn clock change, empty days as 0', async () => {
    const r = await report('from=2026-10-22&to=2026-10-27');
    expect(r.series).toEqual([
      { day: '2026-10-22', count: 0 },
      { day: '2026-10-23', count: 0 },
      { day: '2026-10-24', count: 1 },
      { day: '2026-10-25', count: 2 },
      { day: '2026-10-26', count: 1 },
      { day: '2026-10-27', count: 0 },
    ]);
    expect(r.total).toBe(4);
    expect(r.topProducts).toEqual([
      { productId: serum, title: 'Serum', clicks: 3 },
      { productId: mask, title: 'Mask', clicks: 1 },
    ]);
    expect(r.topPages).toEqual([
      { path: '/product/1', clicks: 2 },
      { path: '/content/glow', clicks: 1 },
      { path: '/shop', clicks: 1 },
    ]);
  });

  it('puts a click after midnight BST on the spring change day into the next day', async () => {
    const r = await report('from=2026-03-28&to=2026-03-31');
    expect(r.series.map((d) => d.count)).toEqual([0, 1, 2, 0]);
    expect(r.topPages).toContainEqual({ path: null, clicks: 1 });
  });

  it('narrows to one product', async () => {
    const r = await report(`from=2026-10-22&to=2026-10-27&productId=${mask}`);
    expect(r.total).toBe(1);
    expect(r.series.find((d) => d.count)).toEqual({ day: '2026-10-26', count: 1 });
    expect(r.topProducts).toEqual([{ productId: mask, title: 'Mask', clicks: 1 }]);
  });

  it('refuses bad ranges with 400 and a message', async () => {
    const cases: [string, RegExp][] = [
      ['from=2026-10-27&to=2026-10-22', /from: Must not be after "to"/],
      ['from=2025-01-01&to=2026-01-02', new RegExp(`at most ${INSIGHTS.maxRangeDays} days`)],
      ['from=2026-02-30&to=2026-03-01', /real calendar date/],
      ['from=yesterday&to=2026-03-01', /YYYY-MM-DD/],
      ['to=2026-03-01', /from/],
      ['from=2026-03-01&to=2026-03-02&productId=abc', /productId/],
      ['from=2026-03-01&to=2026-03-02&productId=0', /productId/],
    ];
    for (const [query, message] of cases) {
      for (const path of ['/api/admin/insights/clicks', '/api/admin/insights/clicks.csv']) {
        const res = await admin.get(`${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(((await res.json()) as { message: string }).message).toMatch(message);
      }
    }
    // A whole leap year plus one is the limit; it is accepted.
    expect((await report('from=2024-01-01&to=2024-12-31')).series).toHaveLength(366);
  });

  it('get /go/{id} records the click and its day at once', async () => {
    const before = (await report(`from=2020-01-01&to=2020-01-01`)).total;
    expect(before).toBe(0);
    const res = await booted.app.request(`/go/${serum}?from=/content/glow`, {
      headers: { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://shop.example/serum');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const r = await report(`from=${today}&to=${today}&productId=${serum}`);
    expect(r.total).toBe(1);
    expect(r.topPages).toEqual([{ path: '/content/glow', clicks: 1 }]);
  });

  it('get /admin/insights/clicks.csv sends a header, escapes cells and guards formulas', async () => {
    const res = await admin.get('/api/admin/insights/clicks.csv?from=2026-03-28&to=2026-03-31');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="clicks-2026-03-28-to-2026-03-31.csv"',
    );
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe('clicked_at,day,product_id,product_title,referrer_path');
    expect(lines[1]).toBe(`2026-03-29T00:30:00.000Z,2026-03-29,${mask},Mask,`);
    expect(lines[2]).toBe(`2026-03-29T23:30:00.000Z,2026-03-30,${mask},Mask,/shop`);
    // Quoted (comma and quotes doubled) and prefixed with ' so a spreadsheet shows it as text.
    expect(lines[3]).toBe(
      `2026-03-30T12:00:00.000Z,2026-03-30,${formula},"'=HYPERLINK(""http://evil.example"",""Click, me"")",/shop`,
    );
    expect(lines.slice(4)).toEqual(['']);
  });

  it('streams a long export in batches, each row once and in time order', async () => {
    const n = CSV_BATCH * 2 + 500;
    await booted.deps.db.execute(sql`
      insert into affiliate_clicks (product_id, referrer_path, created_at)
      select ${mask}, '/shop', timestamptz '2025-06-01 00:00:00+00' + (g * interval '1 second')
      from generate_series(1, ${n}) g`);
    const res = await admin.get(
      `/api/admin/insights/clicks.csv?from=2025-06-01&to=2025-06-02&productId=${mask}`,
    );
    const reader = res.body!.getReader();
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    const rows = text.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(n);
    expect(new Set(rows).size).toBe(n);
    expect(rows[0]).toMatch(/^2025-06-01T00:00:01\.000Z,2025-06-01,/);
    expect(rows.at(-1)).toMatch(/^2025-06-01T00:41:40\.000Z,/);
    // The header, then one chunk per batch of rows: never the whole export at once.
    expect(chunks).toBeGreaterThanOrEqual(4);
  });
});
