import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAdmin } from '../test-utils';

const report = (extra: Record<string, unknown>) => ({
  running: false,
  lastCheckedAt: null,
  nextCheckAt: null,
  checked: 0,
  broken: 0,
  checks: [],
  ...extra,
});

const products = (linkHealth: unknown) => ({
  'GET /api/admin/products': [],
  'GET /api/admin/product-categories': [],
  'GET /api/admin/insights/link-health': linkHealth,
});

const open = async () =>
  fireEvent.click(await screen.findByRole('button', { name: /Affiliate link health/ }));

describe('link health says what the server will really do (issue 26)', () => {
  it('with the schedule off (LINK_CHECK_CRON=off) it promises no daily check', async () => {
    renderAdmin('/admin?tab=products', products(report({})));
    await open();
    expect(
      await screen.findByText('No links checked yet. Scheduled checks are switched off on this server.'),
    ).toBeTruthy();
    expect(screen.queryByText(/once a day/)).toBeNull();
  });

  it('with a schedule it names the next check, in UK time', async () => {
    renderAdmin(
      '/admin?tab=products',
      products(
        report({
          lastCheckedAt: '2026-11-25T04:30:05.000Z',
          nextCheckAt: '2026-11-26T04:30:00.000Z',
          checked: 12,
          broken: 1,
        }),
      ),
    );
    await open();
    expect(
      await screen.findByText(
        '12 links checked, 1 broken. Last check 25 Nov 2026, 04:30. Next scheduled check 26 Nov 2026, 04:30.',
      ),
    ).toBeTruthy();
  });
});
