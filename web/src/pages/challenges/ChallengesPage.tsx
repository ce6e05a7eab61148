import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/ui/Badge';
import { Img } from '../../components/ui/Img';
import { CARD_GRID_SIZES } from '../../components/ui/picture-sizes';
import { SkeletonGrid } from '../../components/ui/Skeleton';
import type { Challenge } from '../../lib/content';
import { Seo } from '../../lib/seo';
import { allChallengesKey } from './queries';

function ChallengeCard({ c }: { c: Challenge }) {
  return (
    <li>
      <Link
        to={`/challenges/${c.id}`}
        className="group block h-full overflow-hidden rounded-xl bg-white shadow-sm hover:shadow-md"
      >
        <Img src={c.imageUrl} sizes={CARD_GRID_SIZES} className="aspect-video w-full object-cover" />
        <div className="space-y-2 p-4">
          {c.active ? <Badge tone="green">Active</Badge> : <Badge tone="stone">Finished</Badge>}
          <h3 className="font-serif text-lg font-bold group-hover:text-brand-700">{c.title}</h3>
          <p className="line-clamp-2 text-sm text-stone-600">{c.description}</p>
          <p className="text-sm font-medium text-stone-700">
            {c.participantCount.toLocaleString('en-GB')} participants
          </p>
        </div>
      </Link>
    </li>
  );
}

function Group({ id, title, list }: { id: string; title: string; list: Challenge[] }) {
  if (!list.length) return null;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="font-serif text-2xl font-bold text-stone-900">
        {title}
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {list.map((c) => (
          <ChallengeCard key={c.id} c={c} />
        ))}
      </ul>
    </section>
  );
}

/**
 * /challenges: every challenge, the active ones first (issue 41 §5). The same records as each
 * challenge's own page (GET /api/challenges), fetched on the server so the HTML holds the list.
 */
export function ChallengesPage() {
  const q = useQuery<Challenge[]>({ queryKey: allChallengesKey });
  const all = q.data ?? [];
  const active = all.filter((c) => c.active);
  const finished = all.filter((c) => !c.active);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <Seo
        title="Challenges"
        description="Join a wellness challenge: small daily habits, done together with the community."
        path="/challenges"
      />
      <h1 className="font-serif text-4xl font-bold text-stone-900">Challenges</h1>
      <p className="mt-4 max-w-2xl text-lg text-stone-700">
        Small habits, kept together: pick a challenge, follow along and share how it went.
      </p>
      {q.isLoading ? (
        <div className="mt-10">
          <SkeletonGrid count={3} />
        </div>
      ) : q.isError ? (
        <p role="alert" className="mt-10 text-stone-700">
          The challenges could not be loaded. Please try again later.
        </p>
      ) : all.length === 0 ? (
        <p className="mt-10 text-stone-600">No challenges yet. Check back soon!</p>
      ) : (
        <>
          <Group id="active-challenges" title="Active challenges" list={active} />
          <Group id="finished-challenges" title="Finished challenges" list={finished} />
        </>
      )}
    </div>
  );
}
