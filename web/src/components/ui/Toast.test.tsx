import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from '../toast/toast';

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast({ title: 'Link copied', description: 'On your clipboard' })}>
        plain
      </button>
      <button
        type="button"
        onClick={() => toast({ title: 'Error', description: 'Failed', variant: 'destructive' })}
      >
        bad
      </button>
    </>
  );
}

describe('toasts (spec §8, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('default and destructive variants; only one visible at a time; gone after 5000 ms', () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('plain'));
    expect(screen.getByRole('status').getAttribute('data-variant')).toBe('default');
    fireEvent.click(screen.getByText('bad'));
    expect(screen.queryByText('Link copied')).toBeNull(); // replaced: one at a time
    expect(screen.getByRole('alert').getAttribute('data-variant')).toBe('destructive');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Error')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Error')).toBeNull();
  });
});
