import { Link } from 'react-router-dom';
import { SignOutButton } from '../../components/layout/SignOutButton';
import { Seo } from '../../lib/seo';
import { useCurrentUser } from '../../lib/use-current-user';

const primary = 'rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800';
const secondary = 'rounded-full border border-stone-300 bg-white px-5 py-2 font-semibold text-stone-800';

/**
 * Where the spec's /api/logout navigation leads (api/src/auth/routes.ts). Opening it changes
 * nothing: the reader signs out with the button, which posts. The site's own menus post directly.
 */
export function SignOutPage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <p className="p-8 text-center">Loading…</p>;
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <Seo title="Sign Out" description="Sign out of your account." noindex />
      {user ? (
        <>
          <h1 className="font-serif text-3xl font-bold">Sign out?</h1>
          <p className="mt-2 text-stone-600">Signed in as {user.email}.</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <SignOutButton className={primary} />
            <Link to="/" className={secondary}>
              Stay signed in
            </Link>
          </div>
        </>
      ) : (
        <>
          <h1 className="font-serif text-3xl font-bold">You're signed out</h1>
          <p className="mt-2 text-stone-600">You are not signed in on this browser.</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/" className={primary}>
              Back to Home
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
