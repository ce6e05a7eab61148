import { safeReturnPath } from '@site/shared';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SignOutButton } from '../../components/layout/SignOutButton';
import { useFetcher } from '../../lib/fetcher-context';
import { type FieldErrors, issuesToFieldErrors } from '../../lib/field-errors';
import { Seo } from '../../lib/seo';
import { useCurrentUser } from '../../lib/use-current-user';
import { TwoFactorStep } from './TwoFactorStep';
import { Field, FormAlert, NameFields, submitClass } from './fields';

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

/** The server's refusals that are about one field: shown beside it, like every other form's errors. */
function serverFieldErrors(message: string): FieldErrors | null {
  if (/already exists|email/i.test(message) && !/password/i.test(message)) return { email: message };
  if (/password/i.test(message) && !/email/i.test(message)) return { password: message };
  return null;
}

/** Where /api/login leads: sign in or create an account, then back to where the reader was. */
export function SignInPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo'));
  const fetcher = useFetcher();
  const { user } = useCurrentUser();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in');
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [codeStep, setCodeStep] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setError(null);
    setErrors({});
    // Every wrong field at once, each beside its field, and the first one focused.
    const showErrors = (found: FieldErrors) => {
      setErrors(found);
      form.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
    };
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    let body: Record<string, string>;
    const { signInInput, signUpInput } = await loadSchemas();
    if (mode === 'sign-up') {
      const parsed = signUpInput.safeParse(data);
      if (!parsed.success) return showErrors(issuesToFieldErrors(parsed.error.issues));
      body = { ...parsed.data, name: `${parsed.data.firstName} ${parsed.data.lastName}`.trim() };
    } else {
      const parsed = signInInput.safeParse(data);
      if (!parsed.success) return showErrors(issuesToFieldErrors(parsed.error.issues));
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
          const msg = await refusal(res);
          if (res.status === 429) return setError(TOO_MANY);
          // A refusal about one field (a password too long) goes beside it.
          const beside = msg ? serverFieldErrors(msg) : null;
          if (beside) return showErrors(beside);
          return setError(msg ?? 'Could not create your account');
        }
      }
      const res = await post('sign-in', { email: body.email ?? '', password: body.password ?? '' });
      // Two-step sign-in is on for this account: no session yet, the code step next (issue 42 §4).
      if (
        res.ok &&
        (
          (await res
            .clone()
            .json()
            .catch(() => null)) as { twoFactorRedirect?: boolean } | null
        )?.twoFactorRedirect
      )
        return setCodeStep(true);
      if (!res.ok) {
        const msg = await refusal(res);
        if (res.status === 429) setError(msg ?? TOO_MANY);
        // After a sign-up, a refused sign-in means the email already had an account with another password.
        else if (mode === 'sign-up') setError(ALREADY_REGISTERED_MAYBE);
        // A wrong email-and-password pair names neither field, so it stays above the button.
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
  if (codeStep) {
    return (
      <section className="mx-auto max-w-md px-4 py-12">
        <Seo title="Sign In" description="Sign in to your account." noindex />
        <h1 className="font-serif text-3xl font-bold">Two-step sign-in</h1>
        <p className="mt-2 text-stone-600">Your password was right. Now enter a code to finish signing in.</p>
        <TwoFactorStep
          fetcher={fetcher}
          onSignedIn={() => window.location.assign(returnTo)}
          onRestart={(why) => {
            setCodeStep(false);
            setMode('sign-in');
            setError(why);
          }}
        />
        <p className="mt-6 text-center text-sm text-stone-700">
          <button
            type="button"
            className="font-semibold text-brand-700 underline"
            onClick={() => {
              setCodeStep(false);
              setError(null);
            }}
          >
            Sign in with another account
          </button>
        </p>
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
        {signUp && <NameFields errors={errors} />}
        <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete={signUp ? 'new-password' : 'current-password'}
          required
          minLength={signUp ? 8 : undefined}
          error={errors.password}
        />
        {error && <FormAlert>{error}</FormAlert>}
        <button type="submit" disabled={pending} className={submitClass}>
          {pending ? 'Please wait...' : signUp ? 'Create account' : 'Sign In'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-700">
        {signUp ? 'Already have an account?' : 'New here?'}{' '}
        <button
          type="button"
          className="font-semibold text-brand-700 underline"
          onClick={() => {
            setError(null);
            setErrors({});
            setMode(signUp ? 'sign-in' : 'sign-up');
          }}
        >
          {signUp ? 'Sign in' : 'Create an account'}
        </button>
      </p>
    </section>
  );
}
