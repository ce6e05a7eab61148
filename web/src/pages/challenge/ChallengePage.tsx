import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Badge } from '../../components/ui/Badge';
import { Img } from '../../components/ui/Img';
import { ARTICLE_COLUMN_SIZES } from '../../components/ui/picture-sizes';
import { buttonClass } from '../../components/ui/styles';
import { type Challenge, challengeKey } from '../../lib/content';
import { Seo, useHttpStatus } from '../../lib/seo';

function Missing() {
  useHttpStatus(404);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <Seo title="Challenge Not Found" noindex />
      <h1 className="font-serif text-3xl font-bold">Challenge Not Found</h1>
      <p className="mt-4 text-stone-600">This challenge doesn't exist or has been removed.</p>
      <Link to="/" className={`${buttonClass.primary} mt-8`}>
        Back to Home
      </Link>
    </section>
  );
}

/** /challenges/{id}: linked from the home page's Join the Challenge. */
export function ChallengePage() {
  const { id = '' } = useParams();
  const q = useQuery<Challenge>({ queryKey: challengeKey(id), retryOnMount: false });
  if (q.isLoading)
    return (
      <div role="status" aria-label="Loading" className="mx-auto h-96 max-w-3xl animate-pulse px-4 py-12" />
    );
  const c = q.data;
  if (!c) return <Missing />;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <Seo title={c.title} description={c.description} image={c.imageUrl} path={`/challenges/${c.id}`} />
      <Link to="/challenges" className="text-sm font-medium text-brand-700 hover:underline">
        ← All challenges
      </Link>
      <Img
        src={c.imageUrl}
        sizes={ARTICLE_COLUMN_SIZES}
        eager
        alt={c.title}
        className="mt-6 aspect-video w-full rounded-xl object-cover"
      />
      <div className="mt-6 flex items-center gap-3">
        {c.active ? <Badge tone="green">Active</Badge> : <Badge tone="stone">Finished</Badge>}
        <span className="text-sm font-medium text-stone-700">
          {c.participantCount.toLocaleString('en-GB')} participants
        </span>
      </div>
      <h1 className="mt-4 font-serif text-4xl font-bold text-stone-900">{c.title}</h1>
      <p className="mt-4 text-lg leading-relaxed text-stone-700">{c.description}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/community/submit-story" className={buttonClass.primary}>
          Share Your Story
        </Link>
        <Link to="/community" className={buttonClass.secondary}>
          More from the Community
        </Link>
      </div>
    </article>
  );
}
