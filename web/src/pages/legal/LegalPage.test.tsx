import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, tableFetcher } from '../../test/render';

describe('Legal pages (spec §2 facts)', () => {
  it('privacy: inquiries answered within 30 days; minimum age 13', () => {
    renderAt('/privacy', tableFetcher({}));
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(document.body.textContent).toContain('We answer every privacy inquiry within 30 days.');
    expect(document.body.textContent).toContain('under the age of 13');
  });
  it('terms: 30 days notice of changes', () => {
    renderAt('/terms', tableFetcher({}));
    expect(screen.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeTruthy();
    expect(document.body.textContent).toContain('at least 30 days notice');
  });
  it('cookie policy', () => {
    renderAt('/cookie-policy', tableFetcher({}));
    expect(screen.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeTruthy();
  });
});
