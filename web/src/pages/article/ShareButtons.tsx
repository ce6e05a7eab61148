import { useToast } from '../../components/toast/toast';

/** Share to two networks (X and Facebook) and copy the link. */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const toast = useToast();
  const u = encodeURIComponent(url);
  const cls =
    'rounded-full border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-700 hover:border-brand-700';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'The article link is on your clipboard.' });
    } catch {
      toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
    }
  };
  return (
    <div className="mt-6 flex flex-wrap items-center gap-2">
      <span className="text-sm text-stone-500">Share:</span>
      <a
        className={cls}
        target="_blank"
        rel="noopener noreferrer"
        href={`https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`}
      >
        X (Twitter)
      </a>
      <a
        className={cls}
        target="_blank"
        rel="noopener noreferrer"
        href={`https://www.facebook.com/sharer/sharer.php?u=${u}`}
      >
        Facebook
      </a>
      <button type="button" className={cls} onClick={copy}>
        Copy Link
      </button>
    </div>
  );
}
