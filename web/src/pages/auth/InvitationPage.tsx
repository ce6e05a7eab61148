import type { InvitationOffer, StaffRole } from '@site/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { httpStatus } from '../../lib/api';
import { useFetcher } from '../../lib/fetcher-context';
import { type FieldErrors, issuesToFieldErrors } from '../../lib/field-errors';
import { Seo } from '../../lib/seo';
import { Field, FormAlert, NameFields, submitClass } from './fields';
import { invitationKey } from './invitation-queries';

const A_ROLE: Record<StaffRole, string> = {
  contributor: 'a contributor',
  author: 'an author',
  editor: 'an editor',
  admin: 'an admin',
};

const GONE = 'This invitation has expired or was already used. Ask the person who invited you for a new one.';
const NOT_VALID = 'This invitation link is not valid. Ask the person who invited you for a new one.';

/** The server's sentence for a refused link (kept through the server render), else ours by status. */
function linkProblem(error: unknown): string {
  const message = (error as { serverMessage?: unknown } | null)?.serverMessage;
  if (typeof message === 'string' && message) return message;
  return httpStatus(error) === 404
    ? NOT_VALID
    : httpStatus(error) === 410
      ? GONE
      : 'Could not check this invitation. Please reload the page.';
}

/**
 * /invitation/{token}: the link of a staff invitation mail (api: auth/invitations.ts). The person
 * chooses their name and a password, and lands in the dashboard signed in with the invited role.
 */
export function InvitationPage() {
  const token = useParams().token ?? '';
  const fetcher = useFetcher();
  const offer = useQuery<InvitationOffer>({ queryKey: invitationKey(token) });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => setHydrated(true), []);
  // A link that stopped working while the form was open: the message replaces the form, and is read out.
  useEffect(() => {
    if (gone) heading.current?.focus();
  }, [gone]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setProblem(null);
    const showErrors = (found: FieldErrors) => {
      setErrors(found);
      form.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
    };
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const { acceptInvitationInput } = await import('./schema');
    const parsed = acceptInvitationInput.safeParse(data);
    if (!parsed.success) return showErrors(issuesToFieldErrors(parsed.error.issues));
    setErrors({});
    setPending(true);
    try {
      const res = await fetcher(`/api/invitations/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(parsed.data),
      });
      if (res.ok) return window.location.assign('/admin');
      const body = (await res.json().catch(() => null)) as {
        message?: string;
        issues?: Array<{ path: unknown; message: string }>;
      } | null;
      if (res.status === 404 || res.status === 410) return setGone(body?.message ?? GONE);
      if (res.status === 400 && body?.issues?.length) return showErrors(issuesToFieldErrors(body.issues));
      setProblem(body?.message ?? 'Could not create your account. Please try again.');
    } catch {
      setProblem('Could not reach the server. Please try again.');
    } finally {
      setPending(false);
    }
  }

  const refused = gone ?? (offer.error ? linkProblem(offer.error) : null);
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <Seo title="Accept your invitation" description="Join the team that writes this site." noindex />
      <h1 ref={heading} tabIndex={-1} className="font-serif text-3xl font-bold focus:outline-none">
        {refused ? 'This invitation cannot be used' : 'Accept your invitation'}
      </h1>
      {refused ? (
        <div className="mt-4 space-y-4">
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
            {refused}
          </p>
          <p className="text-stone-700">
            Already have an account?{' '}
            <a href="/sign-in?returnTo=%2Fadmin" className="font-semibold text-brand-700 underline">
              Sign in
            </a>
          </p>
        </div>
      ) : !offer.data ? (
        <p className="mt-4 text-stone-600" role="status">
          Checking your invitation…
        </p>
      ) : (
        <>
          <p className="mt-2 text-stone-600">
            You are invited to join as {A_ROLE[offer.data.role]}. Choose your name and a password; you will
            sign in with this email.
          </p>
          <form method="post" onSubmit={onSubmit} className="mt-8 space-y-4" noValidate>
            <Field
              label="Email"
              name="email"
              type="email"
              autoComplete="username"
              value={offer.data.email}
              readOnly
              error={undefined}
            />
            <NameFields errors={errors} />
            <Field
              label="Password (at least 8 characters)"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              error={errors.password}
            />
            {problem && <FormAlert>{problem}</FormAlert>}
            <button type="submit" disabled={pending || !hydrated} className={submitClass}>
              {pending ? 'Please wait...' : 'Create my account'}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
