import { usePlatform } from '../platform';

/**
 * A mail's HTML as a mail client would show it. On the web, a sandboxed frame of an admin page that
 * carries its own policy (inline styles allowed, nothing runs: api/src/security/mail-frame.ts); the
 * desktop app, whose session is a bearer token a frame cannot send, shows the text part.
 */
export function MailFrame({
  title,
  path,
  text,
  version,
}: {
  title: string;
  path: string;
  text: string;
  version?: string;
}) {
  const platform = usePlatform();
  if (platform.kind === 'desktop') {
    return (
      <pre className="mt-3 max-h-96 overflow-auto whitespace-pre-wrap rounded-lg bg-stone-50 p-3 text-xs">
        {text}
      </pre>
    );
  }
  return (
    <iframe
      key={version}
      title={title}
      sandbox="allow-same-origin"
      src={path}
      className="mt-3 h-96 w-full rounded-lg border border-stone-200 bg-white"
    />
  );
}
