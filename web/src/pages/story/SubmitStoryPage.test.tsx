import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, tableFetcher } from '../../test/render';

function fill() {
  fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Story title'), { target: { value: 'Running' } });
  fireEvent.change(screen.getByLabelText('Your story'), { target: { value: 'x'.repeat(60) } });
  fireEvent.click(screen.getByRole('checkbox'));
}

/** The text of the message a field points to with aria-describedby (shown beside it). */
const describedBy = (el: HTMLElement) => {
  const id = el.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('Share Your Story (/community/submit-story)', () => {
  it('checks the form before sending: a short story is refused with a clear message beside it', async () => {
    const f = tableFetcher({});
    renderAt('/community/submit-story', f);
    fill();
    fireEvent.change(screen.getByLabelText('Your story'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send My Story' }));
    const story = screen.getByLabelText('Your story');
    await waitFor(() => expect(story.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(story)).toMatch(/at least 50 characters/);
    expect(f.calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('an empty form shows every error beside its own field, from the shared schema, and focuses the first', async () => {
    const f = tableFetcher({});
    renderAt('/community/submit-story', f);
    fireEvent.click(screen.getByRole('button', { name: 'Send My Story' }));
    const name = screen.getByLabelText('Your name');
    await waitFor(() => expect(describedBy(name)).toBe('Name is required'));
    expect(describedBy(screen.getByLabelText('Email'))).toBe('Email is required');
    expect(describedBy(screen.getByLabelText('Story title'))).toBe('Title is required');
    expect(describedBy(screen.getByLabelText('Your story'))).toMatch(/at least 50 characters/);
    expect(describedBy(screen.getByRole('checkbox'))).toBe('Please confirm we may publish your story');
    expect(document.activeElement).toBe(name);
    // A malformed email is "invalid", not "required"; fixed fields lose their message.
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@' } });
    fireEvent.change(name, { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send My Story' }));
    await waitFor(() =>
      expect(describedBy(screen.getByLabelText('Email'))).toBe('Please enter a valid email address'),
    );
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(f.calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('sends the story and shows "Story Sent!"', async () => {
    const f = tableFetcher({ '/api/stories': () => new Response('{"message":"ok"}', { status: 201 }) });
    renderAt('/community/submit-story', f);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send My Story' }));
    expect(await screen.findByText('Story Sent!')).toBeTruthy();
    expect(f.calls).toContain('POST /api/stories');
  });

  it("shows the server's message when sending fails (e.g. 429)", async () => {
    const f = tableFetcher({
      '/api/stories': () =>
        new Response('{"message":"Too many stories from your connection."}', { status: 429 }),
    });
    renderAt('/community/submit-story', f);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send My Story' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many stories from your connection.');
  });

  it('sends one Idempotency-Key per story: the same on a retry, a new one for the next story', async () => {
    const keys: string[] = [];
    let fail = true;
    const f = tableFetcher({
      '/api/stories': (init?: RequestInit) => {
        keys.push(new Headers(init?.headers).get('idempotency-key') ?? '');
        if (fail) throw new TypeError('Failed to fetch');
        return new Response('{"message":"ok"}', { status: 201 });
      },
    });
    renderAt('/community/submit-story', f);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send My Story' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Failed to send/);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Send My Story' }));
    expect(await screen.findByText('Story Sent!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Share Another Story' }));
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send My Story' }));
    expect(await screen.findByText('Story Sent!')).toBeTruthy();
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
