/** Where sign-out posts (api/src/auth/routes.ts); a GET of it only shows the sign-out page. */
export const SIGN_OUT_ACTION = '/api/logout';

/**
 * Sign Out as a form post, not a link: no GET changes state (issue 27), so an image or a link on
 * another page cannot sign a reader out. A real navigation (spec §4), and it works before hydration.
 */
export function SignOutButton({ className, role }: { className: string; role?: 'menuitem' }) {
  return (
    <form method="post" action={SIGN_OUT_ACTION} className="contents">
      <button type="submit" role={role} className={className}>
        Sign Out
      </button>
    </form>
  );
}
