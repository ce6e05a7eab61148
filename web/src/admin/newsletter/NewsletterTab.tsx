import type { NewsletterSettings } from '@site/shared';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api';
import { usePermissions } from '../permissions';
import { adminKeys } from '../query-keys';
import { IssuesPanel } from './IssuesPanel';
import { OutboxPanel } from './OutboxPanel';
import { PreviewPanel } from './PreviewPanel';
import { SchedulePanel } from './SchedulePanel';
import { SponsorsPanel } from './SponsorsPanel';
import { SubscribersPanel } from './SubscribersPanel';

/**
 * The Newsletter tab (issue 30; docs/newsletter.md): how mail leaves, the next digest, the schedule and
 * rate, the issues sent (counts update while one sends), the sponsors, the subscribers, and in
 * development the outbox. Editors get the preview, test mails and the issues; the rest is an admin's
 * (permissions.ts), and the calls for it are not made for them.
 */
export function NewsletterTab() {
  const api = useApi();
  const { can } = usePermissions();
  const admin = {
    settings: can('newsletter.settings'),
    send: can('newsletter.send'),
    sponsors: can('sponsors.manage'),
    subscribers: can('newsletter.subscribers'),
  };
  const settings = useQuery({
    queryKey: adminKeys.newsletter.settings,
    queryFn: () => api<NewsletterSettings>('GET', adminKeys.newsletter.settings[0]),
    enabled: admin.settings,
  });
  const s = settings.data;
  // Without the settings (an editor) the transport is unknown: a test mail is tried, and the server says.
  const transportUp = admin.settings ? (s ? s.transport !== 'none' : false) : true;
  return (
    <div className="space-y-6">
      {s && <TransportNote settings={s} />}
      <PreviewPanel canTest={transportUp} canSend={admin.send && transportUp} sending={admin.send} />
      <IssuesPanel />
      {s && <SchedulePanel settings={s} />}
      {admin.sponsors && <SponsorsPanel />}
      {admin.subscribers && <SubscribersPanel />}
      {admin.send && s?.transport === 'outbox' && <OutboxPanel />}
    </div>
  );
}

function TransportNote({ settings: s }: { settings: NewsletterSettings }) {
  if (s.transport === 'none') {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        {s.transportProblem}
      </p>
    );
  }
  return (
    <p
      className="rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm text-stone-700"
      data-testid="transport-note"
    >
      {s.transport === 'outbox'
        ? "Development: no SMTP server is set, so mail goes to the outbox below instead of anyone's inbox."
        : `Mail goes out by SMTP from ${s.from}${s.dkim ? ', signed with DKIM' : ' (no DKIM key set)'}.`}
    </p>
  );
}
