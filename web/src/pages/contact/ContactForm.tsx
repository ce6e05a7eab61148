import { CONTACT_REPLY_HOURS } from '@site/shared';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useToast } from '../../components/toast/toast';
import { HttpError } from '../../lib/api';
import { useFetcher } from '../../lib/fetcher-context';
import { IDEMPOTENCY_HEADER, useIdempotencyKey } from '../../lib/idempotency-key';
import { type FieldErrors, issuesToFieldErrors, loadContactSchema, validateContact } from './validate';

type Phase = 'editing' | 'sending' | 'sent';

const FIELDS = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'subject', label: 'Subject', type: 'text', autoComplete: 'off' },
] as const;

const input =
  'mt-1 w-full rounded-md border bg-white px-3 py-2 focus:border-brand-700 aria-[invalid=true]:border-red-600';

/** Spec §2/§4/§8 contact form: editing → sending ("Sending...") → sent ("Message Sent!"). */
export function ContactForm() {
  const fetcher = useFetcher();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [phase, setPhase] = useState<Phase>('editing');
  const [errors, setErrors] = useState<FieldErrors>({});
  const uid = useId();
  const submission = useIdempotencyKey();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const raw = Object.fromEntries(new FormData(form)) as Record<string, string>;
    if (!raw.website) delete raw.website;
    const checked = await validateContact(raw);
    if (!checked.ok) {
      setErrors(checked.errors);
      form.querySelector<HTMLElement>(`[name="${Object.keys(checked.errors)[0]}"]`)?.focus();
      return;
    }
    setErrors({});
    setPhase('sending');
    const payload = JSON.stringify(checked.data);
    try {
      const res = await fetcher('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: submission.keyFor(payload) },
        body: payload,
      });
      const body = (await res.json().catch(() => ({}))) as {
        message?: string;
        issues?: { path: string; message: string }[];
      };
      if (!res.ok) {
        if (body.issues) setErrors(issuesToFieldErrors(body.issues));
        // Spec §8: the server's message, else "Failed to send message".
        throw new HttpError(res.status, body.message || 'Failed to send message', body.message);
      }
      form.reset();
      submission.done();
      setPhase('sent');
      toast({
        title: 'Message Sent',
        description: "Thank you for contacting us. We'll get back to you soon!",
      });
    } catch (err) {
      setPhase('editing');
      toast({
        title: 'Error',
        variant: 'destructive',
        description: err instanceof HttpError ? err.message : 'Failed to send message. Please try again.',
      });
    }
  }

  if (phase === 'sent') {
    return (
      <div className="rounded-2xl border border-sage-100 bg-white p-8 text-center shadow-sm">
        <h2 className="font-serif text-2xl font-bold text-stone-900">Message Sent!</h2>
        <p className="mt-3 text-stone-600">
          Thank you for reaching out. We'll get back to you within {CONTACT_REPLY_HOURS} hours.
        </p>
        <button
          type="button"
          onClick={() => setPhase('editing')}
          className="mt-6 rounded-full bg-brand-700 px-5 py-2 font-semibold text-white"
        >
          Send Another Message
        </button>
      </div>
    );
  }

  const sending = phase === 'sending';
  const errorId = (name: string) => `${uid}-${name}-error`;
  const fieldProps = (name: string) => ({
    id: `${uid}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? errorId(name) : undefined,
    className: `${input} ${errors[name] ? 'border-red-600' : 'border-stone-300'}`,
  });
  const error = (name: string) =>
    errors[name] && (
      <p id={errorId(name)} className="mt-1 text-sm text-red-700">
        {errors[name]}
      </p>
    );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadContactSchema()}
      className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
      aria-label="Contact form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <div key={f.name} className={f.name === 'email' || f.name === 'subject' ? 'sm:col-span-2' : ''}>
            <label htmlFor={`${uid}-${f.name}`} className="text-sm font-medium text-stone-800">
              {f.label}
            </label>
            <input type={f.type} autoComplete={f.autoComplete} required {...fieldProps(f.name)} />
            {error(f.name)}
          </div>
        ))}
      </div>
      <div>
        <label htmlFor={`${uid}-message`} className="text-sm font-medium text-stone-800">
          Message
        </label>
        <textarea rows={6} required {...fieldProps('message')} />
        {error('message')}
      </div>
      {/* Honeypot: hidden from people and screen readers; bots that fill it are refused. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${uid}-website`}>Website</label>
        <input id={`${uid}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <button
        type="submit"
        disabled={sending}
        className="w-full rounded-full bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
