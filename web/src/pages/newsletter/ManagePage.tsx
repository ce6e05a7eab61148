import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useFetcher } from '../../lib/fetcher-context';
import { Seo } from '../../lib/seo';
import { useSite } from '../../lib/site';

interface Prefs {
  email: string;
  firstName: string | null;
  status: 'pending' | 'subscribed' | 'unsubscribed' | 'bounced';
}

/**
 * /newsletter/unsubscribe/{token} (the List-Unsubscribe URL opened in a browser) and
 * /newsletter/manage/{token} (the preferences link of every mail). Opening either changes nothing:
 * the buttons do, by POST. The token is the subscriber's own, from their mail.
 */
export function NewsletterManagePage({ mode }: { mode: 'unsubscribe' | 'manage' }) {
  const token = useParams().token ?? '';
  const fetcher = useFetcher();
  const { brand } = useSite();
  const [prefs, setPrefs] = useState<Prefs | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetcher(`/api/newsletter/preferences/${encodeURIComponent(token)}`)
      .then(async (res) => {
        const body = (await res.json().catch(() => ({}))) as Prefs & { message?: string };
        if (!live) return;
        if (res.ok) setPrefs(body);
        else setMessage({ text: body.message ?? 'This link does not work.', error: true });
      })
      .catch(() => live && setMessage({ text: 'Could not reach the site. Please try again.', error: true }));
    return () => {
      live = false;
    };
  }, [fetcher, token]);

  async function post(path: string, body?: unknown) {
    setBusy(true);
    try {
      const res = await fetcher(path, {
        method: 'POST',
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      const answer = (await res.json().catch(() => ({}))) as Partial<Prefs> & { message?: string };
      if (!res.ok) throw new Error(answer.message ?? 'That did not work. Please try again.');
      return answer;
    } catch (err) {
      setMessage({ text: (err as Error).message, error: true });
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function unsubscribe() {
    const done = await post(`/newsletter/unsubscribe/${encodeURIComponent(token)}`);
    if (done && prefs) {
      setPrefs({ ...prefs, status: 'unsubscribed' });
      setMessage({ text: done.message ?? 'You are unsubscribed.', error: false });
    }
  }
  async function resubscribe() {
    const done = await post(`/api/newsletter/preferences/${encodeURIComponent(token)}`, { subscribed: true });
    if (done) {
      setPrefs(done as Prefs);
      setMessage({ text: 'Welcome back: you are subscribed again.', error: false });
    }
  }
  async function saveName(firstName: string) {
    const done = await post(`/api/newsletter/preferences/${encodeURIComponent(token)}`, { firstName });
    if (done) {
      setPrefs(done as Prefs);
      setMessage({ text: 'Saved.', error: false });
    }
  }

  const title = mode === 'unsubscribe' ? 'Unsubscribe' : 'Your newsletter subscription';
  const subscribed = prefs?.status === 'subscribed' || prefs?.status === 'pending';
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <Seo title={title} noindex />
      <h1 className="font-serif text-3xl font-bold text-stone-900">{title}</h1>
      {!prefs && !message && <p className="mt-4 text-stone-600">Loading…</p>}
      {prefs && (
        <div className="mt-4 space-y-6 text-stone-700">
          <p>
            The {brand} newsletter for <strong>{prefs.email}</strong>:{' '}
            {prefs.status === 'subscribed'
              ? 'subscribed.'
              : prefs.status === 'pending'
                ? 'waiting for your confirmation.'
                : prefs.status === 'bounced'
                  ? 'stopped, because mail to this address bounced.'
                  : 'unsubscribed.'}
          </p>
          {subscribed ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => void unsubscribe()}
              className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              Unsubscribe
            </button>
          ) : prefs.status === 'unsubscribed' ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => void resubscribe()}
              className="rounded-full border border-brand-700 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
            >
              Subscribe again
            </button>
          ) : null}
          {mode === 'manage' && (
            <form
              className="flex flex-col gap-2 sm:flex-row sm:items-end"
              onSubmit={(e) => {
                e.preventDefault();
                void saveName(String(new FormData(e.currentTarget).get('firstName') ?? ''));
              }}
            >
              <div className="flex-1">
                <label htmlFor="nl-first-name" className="text-sm font-medium text-stone-800">
                  First name (for the greeting)
                </label>
                <input
                  id="nl-first-name"
                  name="firstName"
                  defaultValue={prefs.firstName ?? ''}
                  className="mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2"
                />
              </div>
              <button
                type="submit"
                disabled={busy}
                className="rounded-md bg-stone-800 px-4 py-2 text-white disabled:opacity-60"
              >
                Save
              </button>
            </form>
          )}
        </div>
      )}
      {message && (
        <p
          role={message.error ? 'alert' : 'status'}
          className={`mt-6 ${message.error ? 'text-red-700' : 'text-stone-800'}`}
        >
          {message.text}
        </p>
      )}
      <p className="mt-8">
        <Link to="/" className="text-brand-700 underline">
          Back to {brand}
        </Link>
      </p>
    </section>
  );
}
