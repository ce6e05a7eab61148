import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
  it('unknown challenge: "Challenge Not Found"', async () => {
    renderAt('/challenges/9', tableFetcher({}));
    expect(await screen.findByText('Challenge Not Found')).toBeTruthy();
  });
});
