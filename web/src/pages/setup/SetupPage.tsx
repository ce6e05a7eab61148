import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useFetcher } from '../../lib/fetcher-context';
import { Seo } from '../../lib/seo';
import { setupLinkKey } from './queries';

const field = 'mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 focus:border-brand-700';
const FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;
type Field = (typeof FIELDS)[number];

/**
 * /setup/{token}: the one-time link a production server prints at its first start while it has no
 * admin (api: auth/first-admin.ts). Makes the first admin account and signs it in.
 */
export function SetupPage() {
  const token = useParams().token ?? '';
  const fetcher = useFetcher();
  const link = useQuery<{ usable: boolean }>({ queryKey: setupLinkKey(token) });
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [pending, setPending] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    const { firstAdminInput } = await import('./schema');
    const parsed = firstAdminInput.safeParse({ ...data, token });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const name = (FIELDS as readonly string[]).includes(String(issue.path[0]))
          ? (issue.path[0] as Field)
          : 'form';
        next[name] ??= issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    setPending(true);
    try {
      const res = await fetcher('/api/setup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(parsed.data),
      });
      if (res.ok) return window.location.assign('/admin');
      const msg = ((await res.json().catch(() => null)) as { message?: string } | null)?.message;
      setErrors({ form: msg ?? 'Could not create the account. Please try again.' });
    } catch {
      setErrors({ form: 'Could not reach the server. Please try again.' });
    } finally {
      setPending(false);
    }
  }

  const describe = (name: Field) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {};
  const fieldError = (name: Field) =>
    errors[name] && (
      <span id={`${name}-error`} className="mt-1 block text-sm text-red-700">
        {errors[name]}
      </span>
    );

  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <Seo
        title="Set up the first admin"
        description="Create the first admin account of this site."
        noindex
      />
      <h1 className="font-serif text-3xl font-bold">Set up the first admin</h1>
      {link.data?.usable === false ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-red-800">
          This setup link has expired, was used already, or the site has an admin now. Restart the server for
          a new link, or run <code>make-admin</code>.
        </p>
      ) : (
        <>
          <p className="mt-2 text-stone-600">This account will manage the site. The link works once.</p>
          <form method="post" onSubmit={onSubmit} className="mt-8 space-y-4" noValidate>
            <div className="grid grid-cols-2 gap-3">
              <label className="block text-sm font-medium">
                First name
                <input
                  name="firstName"
                  autoComplete="given-name"
                  required
                  className={field}
                  {...describe('firstName')}
                />
                {fieldError('firstName')}
              </label>
              <label className="block text-sm font-medium">
                Last name
                <input
                  name="lastName"
                  autoComplete="family-name"
                  className={field}
                  {...describe('lastName')}
                />
                {fieldError('lastName')}
              </label>
            </div>
            <label className="block text-sm font-medium">
              Email
              <input
                name="email"
                type="email"
                autoComplete="email"
                required
                className={field}
                {...describe('email')}
              />
              {fieldError('email')}
            </label>
            <label className="block text-sm font-medium">
              Password
              <input
                name="password"
                type="password"
                autoComplete="new-password"
                required
                minLength={8}
                className={field}
                {...describe('password')}
              />
              {fieldError('password')}
            </label>
            {errors.form && (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                {errors.form}
              </p>
            )}
            <button
              type="submit"
              disabled={pending || !hydrated}
              className="w-full rounded-full bg-brand-700 px-4 py-2.5 font-semibold text-white disabled:opacity-60"
            >
              {pending ? 'Please wait...' : 'Create the admin account'}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
