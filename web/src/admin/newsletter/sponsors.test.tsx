import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAdmin } from '../test-utils';

const sponsor = {
  id: 4,
  name: 'Calm Co',
  imageUrl: null,
  body: 'Tea for slow mornings.',
  linkUrl: 'https://calm.example/tea',
  runsFrom: '2026-11-01',
  runsUntil: '2026-11-30',
  active: false,
  clicks: 3,
};

/** Issue 30: an admin manages sponsor blocks, and can correct one without deleting it. */
describe('Newsletter tab: sponsors', () => {
  it('Edit opens the sponsor filled in; saving sends PUT with every field and says "Sponsor updated"', async () => {
    const { api } = renderAdmin('/admin?tab=newsletter', {
      'GET /api/admin/newsletter/sponsors': [sponsor],
      'PUT /api/admin/newsletter/sponsors/4': { ...sponsor, name: 'Calm Company' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Calm Co' }));
    const form = screen.getByRole('form', { name: 'Edit Calm Co' });
    const name = within(form).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Calm Co');
    expect((within(form).getByLabelText('Last day') as HTMLInputElement).value).toBe('2026-11-30');
    await userEvent.clear(name);
    await userEvent.type(name, 'Calm Company');
    await userEvent.click(within(form).getByRole('button', { name: 'Save sponsor' }));
    await screen.findByText('Sponsor updated');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Calm Company',
      linkUrl: 'https://calm.example/tea',
      body: 'Tea for slow mornings.',
      imageUrl: null,
      runsFrom: '2026-11-01',
      runsUntil: '2026-11-30',
      // Editing keeps whether it runs.
      active: false,
    });
    expect(screen.queryByRole('form', { name: 'Edit Calm Co' })).toBeNull();
  });

  it('Add a sponsor opens an empty form that POSTs', async () => {
    const { api } = renderAdmin('/admin?tab=newsletter', {
      'GET /api/admin/newsletter/sponsors': [],
      'POST /api/admin/newsletter/sponsors': { ...sponsor, id: 5 },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a sponsor' }));
    const form = screen.getByRole('form', { name: 'New sponsor' });
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('');
    await userEvent.type(within(form).getByLabelText('Name'), 'Glow');
    await userEvent.type(within(form).getByLabelText('Link (https://…)'), 'https://glow.example');
    await userEvent.type(within(form).getByLabelText('Text'), 'Serums.');
    await userEvent.type(within(form).getByLabelText('First day'), '2026-12-01');
    await userEvent.type(within(form).getByLabelText('Last day'), '2026-12-31');
    await userEvent.click(within(form).getByRole('button', { name: 'Save sponsor' }));
    await screen.findByText('Sponsor added');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Glow', active: true });
  });
});
