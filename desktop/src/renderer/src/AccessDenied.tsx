/** Spec §2: signed-in users without a staff role cannot use the admin tools; on the desktop, "home" is signing in as someone else. */
export function AccessDenied(props: { email: string | null; onSignOut: () => void }) {
  return (
    <section className="mx-auto mt-16 max-w-md rounded-lg border border-stone-200 bg-white p-6 text-center shadow-sm">
      <h1 className="font-serif text-2xl font-bold">Access Denied</h1>
      <p className="mt-2 text-stone-700">
        {props.email ? `${props.email} does not` : 'Your account does not'} have a staff role on this site.
      </p>
      <button
        type="button"
        className="mt-4 rounded bg-brand-700 px-4 py-2 text-white"
        onClick={props.onSignOut}
      >
        Sign in with another account
      </button>
    </section>
  );
}
