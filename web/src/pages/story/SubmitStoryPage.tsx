import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui/styles';
import { apiRequest, HttpError } from '../../lib/api';
import { useFetcher } from '../../lib/fetcher-context';
import { IDEMPOTENCY_HEADER, useIdempotencyKey } from '../../lib/idempotency-key';
import type { FieldErrors } from '../../lib/field-errors';
import { Seo } from '../../lib/seo';
import { loadStorySchema, validateStory } from './validate';

type Fields = {
  name: string;
  email: string;
  title: string;
  story: string;
  consent: boolean;
  website: string;
};
const empty: Fields = { name: '', email: '', title: '', story: '', consent: false, website: '' };
const FIELD_ORDER: (keyof Fields)[] = ['name', 'email', 'title', 'story', 'consent'];

/** /community/submit-story: a reader's story, stored for the editors. */
export function SubmitStoryPage() {
  const fetcher = useFetcher();
  const uid = useId();
  const [fields, setFields] = useState<Fields>(empty);
  const [state, setState] = useState<'editing' | 'sending' | 'sent'>('editing');
  const submission = useIdempotencyKey();
  // Each problem beside its field (as on the contact form); `form` is for a refusal of the whole send.
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (k: keyof Fields) => (e: { target: { value: string; checked?: boolean; type?: string } }) =>
    setFields((f) => ({
      ...f,
      [k]: e.target.type === 'checkbox' ? Boolean(e.target.checked) : e.target.value,
    }));

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const payload = { ...fields, website: fields.website || undefined };
    const problems = await validateStory(payload);
    setErrors(problems);
    setFormError(null);
    const first = FIELD_ORDER.find((k) => problems[k]);
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setState('sending');
    try {
      await apiRequest(fetcher, 'POST', '/api/stories', payload, {
        [IDEMPOTENCY_HEADER]: submission.keyFor(JSON.stringify(payload)),
      });
      submission.done();
      setFields(empty);
      setState('sent');
    } catch (err) {
      setState('editing');
      setFormError(
        err instanceof HttpError && err.serverMessage
          ? err.serverMessage
          : 'Failed to send your story. Please try again.',
      );
    }
  };

  const errorId = (name: string) => `${uid}-${name}-error`;
  const fieldProps = (name: keyof Fields) => ({
    id: `${uid}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? errorId(name) : undefined,
    className: `mt-1 w-full rounded-lg border bg-white px-3 py-2 ${errors[name] ? 'border-red-600' : 'border-stone-300'}`,
  });
  const error = (name: keyof Fields) =>
    errors[name] && (
      <p id={errorId(name)} className="mt-1 text-sm text-red-700">
        {errors[name]}
      </p>
    );
  const label = (name: keyof Fields, text: string) => (
    <label htmlFor={`${uid}-${name}`} className="text-sm font-medium">
      {text}
    </label>
  );

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
        <form
          onSubmit={submit}
          onFocus={() => void loadStorySchema()}
          noValidate
          aria-label="Story submission"
          className="mt-8 space-y-4"
        >
          <div>
            {label('name', 'Your name')}
            <input
              {...fieldProps('name')}
              value={fields.name}
              onChange={set('name')}
              autoComplete="name"
              maxLength={100}
            />
            {error('name')}
          </div>
          <div>
            {label('email', 'Email')}
            <input
              {...fieldProps('email')}
              type="email"
              value={fields.email}
              onChange={set('email')}
              autoComplete="email"
              maxLength={254}
            />
            {error('email')}
          </div>
          <div>
            {label('title', 'Story title')}
            <input {...fieldProps('title')} value={fields.title} onChange={set('title')} maxLength={200} />
            {error('title')}
          </div>
          <div>
            {label('story', 'Your story')}
            <textarea
              {...fieldProps('story')}
              rows={10}
              value={fields.story}
              onChange={set('story')}
              maxLength={10_000}
            />
            {error('story')}
          </div>
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
          <div>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                name="consent"
                checked={fields.consent}
                onChange={set('consent')}
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={errors.consent ? errorId('consent') : undefined}
                className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
              />
              <span>I agree that the editors may edit and publish my story on the site.</span>
            </label>
            {error('consent')}
          </div>
          {formError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {formError}
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
