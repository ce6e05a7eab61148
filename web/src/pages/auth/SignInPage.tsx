import { safeReturnPath } from '@site/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SignOutButton } from '../../components/layout/SignOutButton';
import { useFetcher } from '../../lib/fetcher-context';
import { Seo } from '../../lib/seo';
import { useCurrentUser } from '../../lib/use-current-user';

type Mode = 'sign-in' | 'sign-up';

// The shared sign-in/sign-up schemas, loaded when the form is first touched: zod stays out of the
// page's first JavaScript (budget 120 KB gzip) and the rules stay in @site/shared.
let schemas: Promise<typeof import('./schema')> | null = null;
const loadSchemas = () => {
  schemas ??= import('./schema');
  return schemas;
};

const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';
// After a sign-up, a sign-in that fails means the email already had an account with another password.
const ALREADY_REGISTERED_MAYBE =
  'We could not sign you in with these details. If you already have an account with this email, sign in with its password.';

const field = 'mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 focus:border-brand-700';

/** Where /api/login leads: sign in or create an account, then back to where the reader was. */
export function SignInPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo'));
  const fetcher = useFetcher();
  const { user } = useCurrentUser();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Server-rendered HTML can show the form before its script runs: keep Submit off until it does.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    let body: Record<string, string>;
    const { signInInput, signUpInput } = await loadSchemas();
    if (mode === 'sign-up') {
      const parsed = signUpInput.safeParse(data);
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the form');
      body = { ...parsed.data, name: `${parsed.data.firstName} ${parsed.data.lastName}`.trim() };
    } else {
      const parsed = signInInput.safeParse(data);
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the form');
      body = parsed.data;
    }
    setPending(true);
    try {
      const post = (path: string, payload: Record<string, string>) =>
        fetcher(`/api/auth/${path}/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        });
      const refusal = async (res: Response) =>
        ((await res.json().catch(() => null)) as { message?: string } | null)?.message;
      if (mode === 'sign-up') {
        // Sign-up answers the same whether or not the email has an account, and opens no session
        // (issue 27 §3): signing in with the same details is the next step, as for any reader.
        const res = await post('sign-up', body);
        if (!res.ok) {
          setError(res.status === 429 ? TOO_MANY : ((await refusal(res)) ?? 'Could not create your account'));
          return;
        }
      }
      const res = await post('sign-in', { email: body.email ?? '', password: body.password ?? '' });
      if (!res.ok) {
        const msg = await refusal(res);
        if (res.status === 429) setError(msg ?? TOO_MANY);
        else if (mode === 'sign-up') setError(ALREADY_REGISTERED_MAYBE);
        else setError(msg ?? 'Invalid email or password');
        return;
      }
      window.location.assign(returnTo);
    } catch {
      setError('Could not reach the server. Please try again.');
    } finally {
      setPending(false);
    }
  }

  const signUp = mode === 'sign-up';
  // A reader who is already signed in is not asked to sign in again.
  if (user) {
    return (
      <section className="mx-auto max-w-md px-4 py-12">
        <Seo title="Sign In" description="Sign in to your account." noindex />
        <h1 className="font-serif text-3xl font-bold">You're signed in</h1>
        <p className="mt-2 text-stone-600">Signed in as {user.email}.</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <a href={returnTo} className="rounded-full bg-brand-700 px-5 py-2 font-semibold text-white">
            Continue
          </a>
          <SignOutButton className="rounded-full border border-stone-300 bg-white px-5 py-2 font-semibold text-stone-800" />
        </div>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <Seo title={signUp ? 'Create an account' : 'Sign In'} description="Sign in to your account." noindex />
      <h1 className="font-serif text-3xl font-bold">{signUp ? 'Create your account' : 'Welcome back'}</h1>
      <p className="mt-2 text-stone-600">
        {signUp ? 'Join to open product details and recipes.' : 'Sign in to continue.'}
      </p>
      <form
        method="post"
        onSubmit={onSubmit}
        onFocus={() => void loadSchemas()}
        className="mt-8 space-y-4"
        noValidate
      >
        {signUp && (
          <div className="grid grid-cols-2 gap-3">
            <label className="block text-sm font-medium">
              First name
              <input name="firstName" autoComplete="given-name" required className={field} />
            </label>
            <label className="block text-sm font-medium">
              Last name
              <input name="lastName" autoComplete="family-name" className={field} />
            </label>
          </div>
        )}
        <label className="block text-sm font-medium">
          Email
          <input name="email" type="email" autoComplete="email" required className={field} />
        </label>
        <label className="block text-sm font-medium">
          Password
          <input
            name="password"
            type="password"
            autoComplete={signUp ? 'new-password' : 'current-password'}
            required
            minLength={signUp ? 8 : undefined}
            className={field}
          />
        </label>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={pending || !hydrated}
          className="w-full rounded-full bg-brand-700 px-4 py-2.5 font-semibold text-white disabled:opacity-60"
        >
          {pending ? 'Please wait...' : signUp ? 'Create account' : 'Sign In'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-700">
        {signUp ? 'Already have an account?' : 'New here?'}{' '}
        <button
          type="button"
          className="font-semibold text-brand-700 underline"
          // Like the submit button: a tap before the script has run would be lost.
          disabled={!hydrated}
          onClick={() => {
            setError(null);
            setMode(signUp ? 'sign-in' : 'sign-up');
          }}
        >
          {signUp ? 'Sign in' : 'Create an account'}
        </button>
      </p>
    </section>
  );
}
