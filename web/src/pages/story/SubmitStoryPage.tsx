import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui/styles';
import { apiRequest, HttpError } from '../../lib/api';
import { useFetcher } from '../../lib/fetcher-context';
import { IDEMPOTENCY_HEADER, useIdempotencyKey } from '../../lib/idempotency-key';
import { Seo } from '../../lib/seo';

// The server validates with the shared zod schema (storyInput); these checks only spare a round trip,
// and keep zod out of this public page's bundle.
const MIN_STORY = 50;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Fields = {
  name: string;
  email: string;
  title: string;
  story: string;
  consent: boolean;
  website: string;
};
const empty: Fields = { name: '', email: '', title: '', story: '', consent: false, website: '' };

function check(f: Fields): string | null {
  if (!f.name.trim()) return 'Name is required';
  if (!EMAIL.test(f.email.trim())) return 'Please enter a valid email address';
  if (f.title.trim().length < 3) return 'Title is required';
  if (f.story.trim().length < MIN_STORY)
    return `Please tell us a little more (at least ${MIN_STORY} characters)`;
  if (!f.consent) return 'Please confirm we may publish your story';
  return null;
}

/** /community/submit-story: a reader's story, stored for the editors. */
export function SubmitStoryPage() {
  const fetcher = useFetcher();
  const [fields, setFields] = useState<Fields>(empty);
  const [state, setState] = useState<'editing' | 'sending' | 'sent'>('editing');
  const [error, setError] = useState<string | null>(null);
  const submission = useIdempotencyKey();
  const set = (k: keyof Fields) => (e: { target: { value: string; checked?: boolean; type?: string } }) =>
    setFields((f) => ({
      ...f,
      [k]: e.target.type === 'checkbox' ? Boolean(e.target.checked) : e.target.value,
    }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = check(fields);
    if (problem) return setError(problem);
    setError(null);
    setState('sending');
    try {
      const body = { ...fields, website: fields.website || undefined };
      await apiRequest(fetcher, 'POST', '/api/stories', body, {
        [IDEMPOTENCY_HEADER]: submission.keyFor(JSON.stringify(body)),
      });
      submission.done();
      setFields(empty);
      setState('sent');
    } catch (err) {
      setState('editing');
      setError(
        err instanceof HttpError && err.serverMessage
          ? err.serverMessage
          : 'Failed to send your story. Please try again.',
      );
    }
  };

  const input = 'mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2';
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <Seo
        title="Share Your Story"
        description="Tell the community how you found your balance. Our editors read every story."
        path="/community/submit-story"
      />
      <h1 className="font-serif text-4xl font-bold text-stone-900">Share Your Story</h1>
      <p className="mt-3 text-stone-600">
        Every story is read by our editors before it is published. We may edit for length and clarity.
      </p>
      {state === 'sent' ? (
        <div role="status" className="mt-8 rounded-xl bg-emerald-50 p-6">
          <h2 className="font-serif text-2xl font-bold text-emerald-900">Story Sent!</h2>
          <p className="mt-2 text-emerald-900">
            Thank you for sharing. Our editors will read it and be in touch by email.
          </p>
          <div className="mt-4 flex gap-3">
            <button type="button" className={buttonClass.secondary} onClick={() => setState('editing')}>
              Share Another Story
            </button>
            <Link to="/community" className={buttonClass.ghost}>
              Back to Community
            </Link>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-8 space-y-4">
          <label className="block">
            <span className="text-sm font-medium">Your name</span>
            <input
              className={input}
              value={fields.name}
              onChange={set('name')}
              autoComplete="name"
              maxLength={100}
            />
          </label>
          <label className="block">
            <span className="text-sm font-medium">Email</span>
            <input
              className={input}
              type="email"
              value={fields.email}
              onChange={set('email')}
              autoComplete="email"
              maxLength={254}
            />
          </label>
          <label className="block">
            <span className="text-sm font-medium">Story title</span>
            <input className={input} value={fields.title} onChange={set('title')} maxLength={200} />
          </label>
          <label className="block">
            <span className="text-sm font-medium">Your story</span>
            <textarea
              className={input}
              rows={10}
              value={fields.story}
              onChange={set('story')}
              maxLength={10_000}
            />
          </label>
          {/* Honeypot: people never see or fill it. */}
          <input
            type="text"
            tabIndex={-1}
            autoComplete="off"
            aria-hidden="true"
            className="hidden"
            name="website"
            value={fields.website}
            onChange={set('website')}
          />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" checked={fields.consent} onChange={set('consent')} className="mt-1" />
            <span>I agree that the editors may edit and publish my story on the site.</span>
          </label>
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {error}
            </p>
          )}
          <button type="submit" className={buttonClass.primary} disabled={state === 'sending'}>
            {state === 'sending' ? 'Sending...' : 'Send My Story'}
          </button>
        </form>
      )}
    </section>
  );
}
