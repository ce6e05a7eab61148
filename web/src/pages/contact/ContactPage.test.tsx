import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, tableFetcher } from '../../test/render';
import { CONTACT_DETAILS } from './ContactPage';

const good = {
  'First Name': 'Ada',
  'Last Name': 'Lovelace',
  Email: 'ada@example.com',
  Subject: 'Hello',
  Message: 'I love the site.',
};

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

function api(contact: unknown) {
  return tableFetcher({
    '/api/auth/user': () => new Response('{}', { status: 401 }),
    '/api/contact': contact,
  });
}

const respond = (status: number, body: unknown) => () =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe('Contact page', () => {
  it('shows the form, the side cards (email, phone, address, advertising options, support hours) and a 4-question FAQ', async () => {
    renderAt('/contact', api({}));
    expect(await screen.findByRole('form', { name: 'Contact form' })).toBeTruthy();
    expect(screen.getByText(CONTACT_DETAILS.email)).toBeTruthy();
    expect(screen.getByText(CONTACT_DETAILS.phone)).toBeTruthy();
    expect(screen.getByText('London W1U 2NQ')).toBeTruthy();
    for (const o of [
      'Banner ads',
      'Sponsored content',
      'Shop showcase',
      'Newsletter sponsorship',
      'Custom packages',
    ])
      expect(screen.getByText(o)).toBeTruthy();
    expect(screen.getByText('Monday to Friday 9AM-6PM GMT')).toBeTruthy();
    const faq = screen.getByRole('heading', { name: 'Frequently Asked Questions' })
      .parentElement as HTMLElement;
    const questions = faq.querySelectorAll('summary');
    expect([...questions].map((q) => q.textContent)).toEqual([
      'How can I send you a news tip?',
      'Can I contribute an article?',
      'How do your affiliate links work?',
      'How often is the site updated?',
    ]);
    expect(within(faq).getByText(/at no extra cost to you/)).toBeTruthy();
  });

  it('validates on the client with the shared schema: required fields and email format; nothing is sent', async () => {
    const f = api(respond(201, { id: 1 }));
    renderAt('/contact', f);
    await screen.findByRole('form', { name: 'Contact form' });
    fill({ ...good, 'First Name': '', Email: 'nope' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(f.calls.some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('an empty email says it is required, not invalid', async () => {
    const f = api(respond(201, { id: 1 }));
    renderAt('/contact', f);
    await screen.findByRole('form', { name: 'Contact form' });
    fill({ ...good, Email: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(f.calls.some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('sends, shows "Sending...", then "Message Sent!" with the spec text and the success toast; "Send Another Message" gives empty fields', async () => {
    let release: (r: Response) => void = () => undefined;
    const f = api(() => new Promise<Response>((r) => (release = r)) as unknown as Response);
    renderAt('/contact', f);
    await screen.findByRole('form', { name: 'Contact form' });
    fill(good);
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    release(new Response(JSON.stringify({ id: 7 }), { status: 201 }));
    expect(await screen.findByRole('heading', { name: 'Message Sent!' })).toBeTruthy();
    expect(
      screen.getByText("Thank you for reaching out. We'll get back to you within 24 hours."),
    ).toBeTruthy();
    const toast = await screen.findByRole('status');
    expect(toast.textContent).toContain('Message Sent');
    expect(toast.textContent).toContain("Thank you for contacting us. We'll get back to you soon!");
    expect(f.calls).toContain('POST /api/contact');
    fireEvent.click(screen.getByRole('button', { name: 'Send Another Message' }));
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
  });

  it('a server refusal shows the destructive "Error" toast with the server message and its field errors', async () => {
    renderAt(
      '/contact',
      api(
        respond(400, {
          message: 'email: Please enter a valid email address',
          issues: [{ path: 'email', message: 'Server says no' }],
        }),
      ),
    );
    await screen.findByRole('form', { name: 'Contact form' });
    fill(good);
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    const toast = await screen.findByRole('alert');
    expect(toast.getAttribute('data-variant')).toBe('destructive');
    expect(toast.textContent).toContain('Error');
    expect(toast.textContent).toContain('email: Please enter a valid email address');
    expect(screen.getByText('Server says no')).toBeTruthy();
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Ada');
  });

  it('a non-OK response without a message gives "Failed to send message"', async () => {
    renderAt('/contact', api(respond(502, 'Bad gateway')));
    await screen.findByRole('form', { name: 'Contact form' });
    fill(good);
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Failed to send message')).toBeTruthy();
  });

  it('a network failure gives "Failed to send message. Please try again."', async () => {
    renderAt(
      '/contact',
      api(() => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await screen.findByRole('form', { name: 'Contact form' });
    fill(good);
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Failed to send message. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy();
  });

  it('sends one Idempotency-Key per message: the same on a retry, a new one after "Send Another Message"', async () => {
    const keys: string[] = [];
    let fail = true;
    renderAt(
      '/contact',
      api((init?: RequestInit) => {
        keys.push(new Headers(init?.headers).get('idempotency-key') ?? '');
        if (fail) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ id: 7 }), { status: 201 });
      }),
    );
    await screen.findByRole('form', { name: 'Contact form' });
    fill(good);
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByRole('alert');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByRole('heading', { name: 'Message Sent!' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Another Message' }));
    fill(good);
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByRole('heading', { name: 'Message Sent!' });
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
