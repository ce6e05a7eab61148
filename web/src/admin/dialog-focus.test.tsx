import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminArticle } from './test-fixtures';
import { renderAdmin } from './test-utils';

const rows = [
  { ...adminArticle, id: 1, title: 'First piece' },
  { ...adminArticle, id: 2, title: 'Second piece' },
  { ...adminArticle, id: 3, title: 'Third piece' },
];

/** Issue 26: after Escape or Cancel, focus fell to <body> and the next Tab went to the footer. */
describe('admin confirm dialogs give focus back', () => {
  it('Cancel and Escape return focus to the Delete button that asked; a confirmed delete moves it to the next row', async () => {
    let list = rows;
    renderAdmin('/admin', {
      'GET /api/admin/content': () => list,
      'DELETE /api/content/2': () => {
        list = rows.filter((r) => r.id !== 2);
        return null;
      },
    });
    const del = await screen.findByRole('button', { name: 'Delete Second piece' });
    del.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('alertdialog', { name: 'Delete article?' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(del);

    await userEvent.keyboard('{Enter}');
    const again = await screen.findByRole('alertdialog', { name: 'Delete article?' });
    // Escape: the browser fires "cancel" on the open dialog.
    fireEvent(again, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(del);

    await userEvent.keyboard('{Enter}');
    await screen.findByRole('alertdialog', { name: 'Delete article?' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Second piece' })).toBeNull());
    // The row that asked is gone: the keyboard carries on from the next row, not from the page's top.
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Select Third piece' }));
  });
});
