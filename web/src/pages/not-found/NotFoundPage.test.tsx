import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, tableFetcher } from '../../test/render';

describe('Not-found screen', () => {
  it('shows "404 Page Not Found" and the spec text for an unknown path', async () => {
    renderAt('/no-such-page', tableFetcher({}));
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
    expect(screen.getByText("The page you're looking for doesn't exist.")).toBeTruthy();
  });

  it('renders nothing when the path contains /product/', async () => {
    renderAt('/x/product/abc/def', tableFetcher({}));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
  });
});
