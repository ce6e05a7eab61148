import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ARTICLE_COLUMN_SIZES } from '../../components/ui/picture-sizes';
import { eager, shown, uploadUrl } from '../../test/pictures';
import { renderAt, tableFetcher } from '../../test/render';

describe('Challenge page (/challenges/{id})', () => {
  it('shows title, description, image, participants and status', async () => {
    renderAt(
      '/challenges/4',
      tableFetcher({
        '/api/challenges/4': {
          id: 4,
          title: 'Hydrate',
          description: 'Drink water',
          imageUrl: '/demo/c.webp',
          participantCount: 4280,
          active: true,
        },
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Hydrate' })).toBeTruthy();
    expect(screen.getByText('Drink water')).toBeTruthy();
    expect(screen.getByText('4,280 participants')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByAltText('Hydrate')).toBeTruthy();
  });
  it("the challenge's picture is offered in its sizes for the column and fetched first (issue 39)", async () => {
    renderAt(
      '/challenges/4',
      tableFetcher({
        '/api/challenges/4': {
          id: 4,
          title: 'Hydrate',
          description: 'Drink water',
          imageUrl: uploadUrl(4),
          participantCount: 4280,
          active: true,
        },
      }),
    );
    expect(shown(await screen.findByAltText('Hydrate'))).toEqual(eager(ARTICLE_COLUMN_SIZES));
  });
  it('unknown challenge: "Challenge Not Found"', async () => {
    renderAt('/challenges/9', tableFetcher({}));
    expect(await screen.findByText('Challenge Not Found')).toBeTruthy();
  });
});
