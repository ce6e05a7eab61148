import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useFetcher } from '../../lib/fetcher-context';
import { useCurrentUser } from '../../lib/use-current-user';
import { addressProblem, type NewsletterStatus, newsletterStatusKey, SUBSCRIBE_FORM_ACTION } from './status';

type Where = 'footer' | 'article' | 'page';
type State =
  | { phase: 'idle' | 'sending' }
  | { phase: 'done'; message: string }
  | { phase: 'error'; message: string; field?: boolean };

/** The server's words for the first problem, without the field name it puts in front ("email: …"). */
const plainMessage = (answer: { message?: string; issues?: { message?: string }[] }) =>
  answer.issues?.[0]?.message || answer.message;

const input =
  'w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 focus:border-brand-700';
const button =
  'rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60';

/**
 * The newsletter form (footer, article end, /newsletter): email and an optional first name; a signed-in
 * reader subscribes with one button. No zod here (the public bundle's budget): a plain check of the
 * address in the page, then the server's. Whatever the address, the answer is the same (no account
 * discovery). Before scripts run it is a real form post (issue 41 §7), so the address never goes
 * into a URL; and a site that cannot send mail shows a sentence instead of a form that always fails.
 */
export function SubscribeForm({ where, heading }: { where: Where; heading?: string }) {
  const fetcher = useFetcher();
  const { user } = useCurrentUser();
  const [state, setState] = useState<State>({ phase: 'idle' });
  const uid = useId();
  const answer = useRef<HTMLParagraphElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  // One request per press: a double click's second submit comes before React has re-rendered the
  // disabled button, so the state alone cannot stop it.
  const inFlight = useRef(false);
  // Unknown (an old server, a failed read): the form, as before.
  const status = useQuery<NewsletterStatus>({ queryKey: newsletterStatusKey, retry: false });
  // The form gives way to a shorter answer: bring it into view (and to screen readers' attention),
  // or on a phone it would sit above the screen, where the form's top was.
  useEffect(() => {
    if (state.phase === 'done') answer.current?.focus();
  }, [state.phase]);

  async function send(body: Record<string, string>) {
    if (inFlight.current) return;
    inFlight.current = true;
    setState({ phase: 'sending' });
    try {
      const res = await fetcher('/api/newsletter/subscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, form: where }),
      });
      const answer = (await res.json().catch(() => ({}))) as Parameters<typeof plainMessage>[0];
      if (!res.ok) {
        const field = res.status === 400;
        setState({
          phase: 'error',
          message: plainMessage(answer) || 'Could not subscribe. Please try again.',
          field,
        });
        if (field) emailInput.current?.focus();
        return;
      }
      setState({ phase: 'done', message: answer.message ?? 'Check your inbox to confirm.' });
    } catch {
      setState({
        phase: 'error',
        message: 'Could not subscribe. Please check your connection and try again.',
      });
    } finally {
      inFlight.current = false;
    }
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight.current) return;
    const raw = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    if (!raw.website) delete raw.website;
    if (!raw.firstName) delete raw.firstName;
    const problem = addressProblem(raw.email ?? '');
    if (problem) {
      setState({ phase: 'error', message: problem, field: true });
      emailInput.current?.focus();
      return;
    }
    raw.email = (raw.email ?? '').trim();
    void send(raw);
  }

  const title = heading ?? 'Get the weekly newsletter';
  const titleId = `${uid}-title`;
  if (state.phase === 'done') {
    return (
      <section aria-labelledby={titleId} data-testid={`newsletter-${where}`}>
        <h2 id={titleId} className="font-semibold text-stone-900">
          {title}
        </h2>
        <p
          ref={answer}
          tabIndex={-1}
          role="status"
          className="mt-2 text-sm text-stone-800 focus:outline-none"
        >
          {state.message}
        </p>
      </section>
    );
  }
  if (status.data?.open === false) {
    return (
      <section aria-labelledby={titleId} data-testid={`newsletter-${where}`}>
        <h2 id={titleId} className="font-semibold text-stone-900">
          {title}
        </h2>
        <p className="mt-2 text-sm text-stone-700" data-testid="newsletter-closed">
          The newsletter is not taking subscriptions right now. Please check back soon.
        </p>
      </section>
    );
  }
  const sending = state.phase === 'sending';
  const fieldError = state.phase === 'error' && state.field;
  const errorId = `${uid}-error`;
  return (
    <section aria-labelledby={titleId} data-testid={`newsletter-${where}`}>
      <h2 id={titleId} className="font-semibold text-stone-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        New articles once a week, and now and then a special issue. Unsubscribe with one click.
        {where !== 'page' && (
          <>
            {' '}
            <Link to="/newsletter" className="inline-block py-1 text-brand-700 underline">
              What you get
            </Link>
          </>
        )}
      </p>
      {user ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <button type="button" className={button} disabled={sending} onClick={() => void send({})}>
            {sending ? 'Subscribing…' : 'Subscribe with one click'}
          </button>
          <span className="text-sm text-stone-600">as {user.email}</span>
        </div>
      ) : (
        <form
          method="post"
          // Which form it was rides on the address, not a hidden field.
          action={`${SUBSCRIBE_FORM_ACTION}?form=${where}`}
          onSubmit={onSubmit}
          noValidate
          aria-label={title}
          className="mt-3 flex flex-col gap-2 sm:flex-row"
        >
          <div className="flex-1">
            {/* Worded apart from the page's own forms' fields (a sign-in or contact "Email" on the same page). */}
            <label htmlFor={`${uid}-email`} className="sr-only">
              Newsletter address
            </label>
            <input
              ref={emailInput}
              id={`${uid}-email`}
              aria-invalid={fieldError || undefined}
              aria-describedby={state.phase === 'error' ? errorId : undefined}
              name="email"
              type="email"
              autoComplete="email"
              required
              placeholder="Email address"
              className={input}
            />
          </div>
          <div className="sm:w-40">
            <label htmlFor={`${uid}-first`} className="sr-only">
              What should we call you? (optional)
            </label>
            <input
              id={`${uid}-first`}
              name="firstName"
              type="text"
              autoComplete="given-name"
              placeholder="First name (optional)"
              className={input}
            />
          </div>
          {/* Honeypot: hidden from people and screen readers; bots that fill it are ignored. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor={`${uid}-website`}>Website</label>
            <input id={`${uid}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <button type="submit" className={button} disabled={sending}>
            {sending ? 'Subscribing…' : 'Subscribe'}
          </button>
        </form>
      )}
      {state.phase === 'error' && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {state.message}
        </p>
      )}
    </section>
  );
}
