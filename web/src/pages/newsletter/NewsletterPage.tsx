import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { SUBSCRIBE_OUTCOMES } from '../../components/newsletter/status';
import { SubscribeForm } from '../../components/newsletter/SubscribeForm';
import { articleHref, type NewsPageData, newsPageQuery } from '../../lib/content';
import { Seo } from '../../lib/seo';
import { useSite } from '../../lib/site';

/** The sample issue is the newest articles: what the next digest would hold (the news list's first page). */
export const newsletterSampleQuery = newsPageQuery(undefined);

/** /newsletter: what it is, how often, a sample issue, and the form (issue 30). */
export function NewsletterPage() {
  const { brand } = useSite();
  const latest = useQuery<NewsPageData>(newsletterSampleQuery);
  const sample = (latest.data?.rows ?? []).slice(0, 3);
  // Where the no-script form post lands (api/src/routes/newsletter/form-post.ts): ?subscribe=sent|invalid|…
  const outcome = SUBSCRIBE_OUTCOMES[useSearchParams()[0].get('subscribe') ?? ''];
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <Seo
        title="Newsletter"
        description={`The ${brand} newsletter: the week's new articles on wellness, style, nutrition and more, once a week.`}
      />
      <h1 className="font-serif text-4xl font-bold text-stone-900">The {brand} newsletter</h1>
      <p className="mt-4 text-lg text-stone-700">
        Once a week, the articles we published since the last issue: wellness, style, nutrition, career, home
        and community. Now and then a special issue for one article we do not want you to miss.
      </p>
      <ul className="mt-4 list-disc space-y-1 pl-6 text-stone-700">
        <li>Weekly, on the day and time our editors choose (UK time).</li>
        <li>
          You confirm by mail first: nobody can sign you up without your inbox. No tracking pixels; only the
          sponsor's link counts clicks, and never who clicked.
        </li>
        <li>Every issue has a one-click unsubscribe link. Your address is never sold or shared.</li>
      </ul>
      <div className="mt-8 rounded-2xl border border-brand-100 bg-brand-50 p-5">
        {outcome && (
          <p
            role={outcome.ok ? 'status' : 'alert'}
            data-testid="subscribe-outcome"
            className={`mb-4 text-sm font-medium ${outcome.ok ? 'text-stone-900' : 'text-red-700'}`}
          >
            {outcome.text}
          </p>
        )}
        <SubscribeForm where="page" heading="Subscribe" />
      </div>
      <h2 className="mt-12 font-serif text-2xl font-bold text-stone-900">A sample issue</h2>
      <div
        className="mt-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
        data-testid="sample-issue"
      >
        <p className="font-serif text-xl font-bold text-brand-700">{brand}</p>
        <p className="mt-3 text-stone-700">Hello, here is what is new on {brand} this week.</p>
        {sample.length === 0 ? (
          <p className="mt-4 text-stone-600">The first issue is on its way.</p>
        ) : (
          <ul className="mt-4 space-y-5">
            {sample.map((a) => (
              <li key={a.id}>
                <Link
                  to={articleHref(a)}
                  className="font-serif text-lg font-semibold text-stone-900 hover:text-brand-700"
                >
                  {a.title}
                </Link>
                <p className="mt-1 text-sm text-stone-600">{a.excerpt}</p>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-6 border-t border-stone-100 pt-4 text-xs text-stone-600">
          Unsubscribe · Manage your subscription — in every issue.
        </p>
      </div>
    </section>
  );
}
