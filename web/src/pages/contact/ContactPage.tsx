import { SUPPORT_HOURS } from '@site/shared';
import { Seo } from '../../lib/seo';
import { ContactForm } from './ContactForm';

export const CONTACT_DETAILS = {
  email: 'hello@bloomandbalance.co.uk',
  phone: '+44 20 7946 0321',
  address: ['Bloom & Balance Ltd', '27 Marylebone Lane', 'London W1U 2NQ', 'United Kingdom'],
};

const AD_OPTIONS = [
  'Banner ads',
  'Sponsored content',
  'Shop showcase',
  'Newsletter sponsorship',
  'Custom packages',
];

export const FAQ = [
  {
    q: 'How can I send you a news tip?',
    a: 'Use the form on this page with "News tip" as the subject. Tell us what happened, where and when, and how we can check it. Our editors read every tip; we will only contact you if we need more detail, and we never publish your name without asking.',
  },
  {
    q: 'Can I contribute an article?',
    a: 'Yes, we love new voices. Send a short pitch (the idea, why it matters to our readers and a couple of links to your writing) with "Contributor pitch" as the subject. We reply to every pitch within two weeks and pay contributors for published pieces.',
  },
  {
    q: 'How do your affiliate links work?',
    a: 'Some shop links are affiliate links: if you buy through them, the retailer pays us a small commission at no extra cost to you. It never changes the price you pay or which products we choose; we only feature things our team would recommend to a friend.',
  },
  {
    q: 'How often is the site updated?',
    a: 'News is updated throughout the day and new features, recipes and shop picks are added every week. Our news feeds are refreshed automatically every few hours, so there is always something new to read.',
  },
];

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 className="font-semibold text-stone-900">{title}</h2>
      <div className="mt-2 text-sm text-stone-700">{children}</div>
    </section>
  );
}

/** Spec §2 Contact page: the form, side cards and a four-question FAQ. */
export function ContactPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <Seo
        title="Contact Us"
        description="Get in touch with the Bloom & Balance team: questions, news tips, contributor pitches, advertising and partnerships."
        keywords={['contact', 'advertising', 'partnerships', 'news tips', 'write for us']}
        path="/contact"
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'FAQPage',
          mainEntity: FAQ.map((f) => ({
            '@type': 'Question',
            name: f.q,
            acceptedAnswer: { '@type': 'Answer', text: f.a },
          })),
        }}
      />
      <h1 className="text-center font-serif text-4xl font-bold text-stone-900">Get In Touch</h1>
      <p className="mx-auto mt-3 max-w-2xl text-center text-stone-600">
        Questions, ideas, stories or partnerships: we'd love to hear from you.
      </p>
      <div className="mt-10 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <ContactForm />
        <aside className="space-y-4" aria-label="Other ways to reach us">
          <Card title="Email Us">
            <a href={`mailto:${CONTACT_DETAILS.email}`} className="text-brand-700 underline">
              {CONTACT_DETAILS.email}
            </a>
          </Card>
          <Card title="Call Us">
            <a href={`tel:${CONTACT_DETAILS.phone.replace(/\s/g, '')}`} className="text-brand-700 underline">
              {CONTACT_DETAILS.phone}
            </a>
          </Card>
          <Card title="Visit Us">
            <address className="not-italic">
              {CONTACT_DETAILS.address.map((l) => (
                <span key={l} className="block">
                  {l}
                </span>
              ))}
            </address>
          </Card>
          <Card title="Advertising & Partnerships">
            <ul className="list-disc space-y-1 pl-5">
              {AD_OPTIONS.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </ul>
          </Card>
          <Card title="Support Hours">
            <p>{SUPPORT_HOURS}</p>
          </Card>
        </aside>
      </div>
      <section aria-labelledby="faq-heading" className="mx-auto mt-16 max-w-3xl">
        <h2 id="faq-heading" className="text-center font-serif text-3xl font-bold text-stone-900">
          Frequently Asked Questions
        </h2>
        <div className="mt-6 space-y-3">
          {FAQ.map((f) => (
            <details key={f.q} className="rounded-xl border border-stone-200 bg-white p-4">
              <summary className="cursor-pointer font-semibold text-stone-900">{f.q}</summary>
              <p className="mt-2 text-stone-700">{f.a}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
