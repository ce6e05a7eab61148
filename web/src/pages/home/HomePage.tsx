import { LIMITS } from '@site/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ArticleCard } from '../../components/ui/ArticleCard';
import { Badge } from '../../components/ui/Badge';
import { HydrationSlice } from '../../components/ui/HydrationSlice';
import { Img } from '../../components/ui/Img';
import { CARD_GRID_SIZES } from '../../components/ui/picture-sizes';
import { SkeletonGrid } from '../../components/ui/Skeleton';
import { buttonClass } from '../../components/ui/styles';
import { activeChallengesKey, type ArticleListItem, type Challenge, featuredKey } from '../../lib/content';
import { Seo } from '../../lib/seo';
import { useSite } from '../../lib/site';
import { INTERESTS } from './interests';

function Featured() {
  const q = useQuery<ArticleListItem[]>({ queryKey: featuredKey });
  return (
    <section aria-labelledby="featured" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="featured" className="font-serif text-3xl font-bold text-stone-900">
        Featured Content
      </h2>
      <div className="mt-8">
        {q.isLoading ? (
          <SkeletonGrid count={LIMITS.featured} />
        ) : q.data?.length ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {/* The first card is the home page's largest picture in the first screen; the rest are lazy. */}
            {q.data.slice(0, LIMITS.featured).map((a, i) => (
              <ArticleCard key={a.id} article={a} sizes={CARD_GRID_SIZES} eager={i === 0} />
            ))}
          </div>
        ) : (
          <p className="text-stone-600">No featured articles yet.</p>
        )}
      </div>
    </section>
  );
}

function Interests() {
  return (
    <section aria-labelledby="interests" className="bg-white py-14">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="interests" className="font-serif text-3xl font-bold text-stone-900">
          Explore Your Interests
        </h2>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {INTERESTS.map((c) => (
            <article key={c.href} className="flex flex-col rounded-xl border border-stone-200 p-6">
              <h3 className="font-serif text-xl font-bold text-stone-900">{c.name}</h3>
              <p className="mt-2 text-sm text-stone-600">{c.blurb}</p>
              <ul className="mt-4 space-y-1 text-sm text-stone-700">
                {c.subcategories.map((s) => (
                  <li key={s}>• {s}</li>
                ))}
              </ul>
              <Link
                to={c.href}
                className="mt-6 font-semibold text-brand-700 hover:underline"
                aria-label={`Explore More: ${c.name}`}
              >
                Explore More →
              </Link>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

function Challenges() {
  const q = useQuery<Challenge[]>({ queryKey: activeChallengesKey });
  const list = (q.data ?? []).slice(0, LIMITS.challenges);
  return (
    <section aria-labelledby="challenges" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="challenges" className="font-serif text-3xl font-bold text-stone-900">
        Join the Challenge
      </h2>
      {q.isLoading ? (
        <div className="mt-8">
          <SkeletonGrid count={LIMITS.challenges} />
        </div>
      ) : list.length ? (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((c) => (
            <Link
              key={c.id}
              to={`/challenges/${c.id}`}
              className="group overflow-hidden rounded-xl bg-white shadow-sm hover:shadow-md"
            >
              <Img src={c.imageUrl} sizes={CARD_GRID_SIZES} className="aspect-video w-full object-cover" />
              <div className="space-y-2 p-4">
                <Badge tone="green">Active</Badge>
                <h3 className="font-serif text-lg font-bold group-hover:text-brand-700">{c.title}</h3>
                <p className="line-clamp-2 text-sm text-stone-600">{c.description}</p>
                <p className="text-sm font-medium text-stone-700">
                  {c.participantCount.toLocaleString('en-GB')} participants
                </p>
              </div>
            </Link>
          ))}
        </div>
      ) : (
        <p className="mt-8 text-stone-600">No active challenges right now. Check back soon!</p>
      )}
      <Link to="/challenges" className="mt-6 inline-block py-1 font-semibold text-brand-700 hover:underline">
        See all challenges →
      </Link>
    </section>
  );
}

export function HomePage() {
  const { brand, siteUrl } = useSite();
  return (
    <>
      <Seo
        title="Home - Your Empowering Lifestyle Hub"
        description="Wellness, style, nutrition, career and community for women: articles, recipes, challenges and a curated shop."
        keywords={['women', 'lifestyle', 'wellness', 'style', 'nutrition', 'career', 'community']}
        jsonLd={[
          { '@context': 'https://schema.org', '@type': 'WebSite', name: brand, url: `${siteUrl}/` },
          {
            '@context': 'https://schema.org',
            '@type': 'Organization',
            name: brand,
            url: `${siteUrl}/`,
            logo: `${siteUrl}/favicon.svg`,
          },
        ]}
      />
      <section className="bg-gradient-to-br from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center">
          <h1 className="font-serif text-4xl font-bold text-stone-900 md:text-5xl">
            Your Empowering Lifestyle Hub
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-600">
            Wellness, style, nutrition, career and community: real advice for real lives, from women who have
            been there.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/wellness" className={buttonClass.primary}>
              Start Your Wellness Journey
            </Link>
            <Link to="/community" className={buttonClass.secondary}>
              Join Our Community
            </Link>
          </div>
        </div>
      </section>
      <HydrationSlice>
        <Featured />
      </HydrationSlice>
      <HydrationSlice>
        <Interests />
      </HydrationSlice>
      <HydrationSlice>
        <Challenges />
      </HydrationSlice>
      <section aria-labelledby="closing" className="bg-brand-700 py-14 text-center text-white">
        <h2 id="closing" className="font-serif text-3xl font-bold">
          Be part of {brand}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-brand-100">
          Tell us how you found your balance, or get in touch with an idea or a question.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to="/community/submit-story"
            className="rounded-full bg-white px-5 py-2.5 font-semibold text-brand-700"
          >
            Share Your Story
          </Link>
          <Link
            to="/contact"
            className="rounded-full border border-white px-5 py-2.5 font-semibold text-white"
          >
            Get In Touch
          </Link>
        </div>
      </section>
    </>
  );
}
