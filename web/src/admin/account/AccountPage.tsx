import type { CurrentUser } from '@site/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { Fetcher } from '../../lib/api';
import { Seo } from '../../lib/seo';
import { usePlatform } from '../platform';
import { adminKeys } from '../query-keys';
import { DevicesSection } from './DevicesSection';
import { TwoStepSection } from './TwoStepSection';

/**
 * Every staff member's own account page inside /admin (?view=account; issue 42 §4-5): two-step sign-in
 * and signed-in devices. With `mustEnrol` (their role is in REQUIRE_2FA_ROLES and two-step sign-in is
 * off) it is all /admin shows: the server refuses every staff call until it is on.
 */
export function AccountPage({
  user,
  rawFetcher,
  mustEnrol = false,
}: {
  user: CurrentUser;
  /** The platform's own fetcher: a wrong code's 401 is not "signed out". */
  rawFetcher: Fetcher;
  mustEnrol?: boolean;
}) {
  const qc = useQueryClient();
  const { fetcher } = usePlatform();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <Seo title={mustEnrol ? 'Turn on two-step sign-in - Admin' : 'Your account - Admin'} noindex />
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="font-serif text-3xl font-bold">
          {mustEnrol ? 'Turn on two-step sign-in' : 'Your account'}
        </h1>
        {!mustEnrol && (
          <Link to="?" className="text-sm font-medium text-rose-800 underline">
            Back to the dashboard
          </Link>
        )}
      </div>
      <p className="text-stone-700">
        Signed in as <strong className="break-all">{user.email}</strong>.
      </p>
      {mustEnrol && (
        <p className="rounded-md bg-amber-50 px-4 py-3 text-amber-900">
          Your role needs two-step sign-in before the dashboard opens. Turn it on below: you need your
          password and an authenticator app on your phone.
        </p>
      )}
      <TwoStepSection
        enabled={user.twoFactorEnabled}
        fetcher={rawFetcher}
        onChanged={() => {
          // The gate reads the account again (enrolled: the dashboard opens); the session was replaced.
          void qc.invalidateQueries({ queryKey: adminKeys.account.me });
          void qc.invalidateQueries({ queryKey: adminKeys.account.sessions });
        }}
      />
      {!mustEnrol && <DevicesSection fetcher={fetcher} />}
    </section>
  );
}
