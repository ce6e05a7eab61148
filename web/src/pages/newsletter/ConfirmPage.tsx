import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useFetcher } from '../../lib/fetcher-context';
import { Seo } from '../../lib/seo';
import { useSite } from '../../lib/site';

type State = { phase: 'idle' | 'sending' } | { phase: 'done' | 'error'; message: string };

/**
 * /newsletter/confirm/{token}: the link in the confirmation mail. Opening it confirms nothing (mail
 * scanners open links); the button POSTs the token, which works once and for 7 days.
 */
export function NewsletterConfirmPage() {
  const token = useParams().token ?? '';
  const fetcher = useFetcher();
  const { brand } = useSite();
  const [state, setState] = useState<State>({ phase: 'idle' });

  async function confirm() {
    setState({ phase: 'sending' });
    try {
      const res = await fetcher('/api/newsletter/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      setState({
        phase: res.ok ? 'done' : 'error',
        message: body.message ?? (res.ok ? 'You are subscribed.' : 'Could not confirm. Please try again.'),
      });
    } catch {
      setState({ phase: 'error', message: 'Could not reach the site. Please try again.' });
    }
  }

  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <Seo title="Confirm your subscription" noindex />
      <h1 className="font-serif text-3xl font-bold text-stone-900">Confirm your subscription</h1>
      {state.phase === 'done' ? (
        <>
          <p role="status" className="mt-4 text-lg text-stone-700">
            {state.message}
          </p>
          <Link to="/" className="mt-6 inline-block text-brand-700 underline">
            Back to {brand}
          </Link>
        </>
      ) : (
        <>
          <p className="mt-4 text-stone-700">
            One click and the {brand} newsletter starts arriving: the week's new articles, once a week.
          </p>
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={state.phase === 'sending'}
            className="mt-6 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {state.phase === 'sending' ? 'Confirming…' : 'Confirm my subscription'}
          </button>
          {state.phase === 'error' && (
            <p role="alert" className="mt-4 text-red-700">
              {state.message}{' '}
              <Link to="/newsletter" className="underline">
                Subscribe again
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
