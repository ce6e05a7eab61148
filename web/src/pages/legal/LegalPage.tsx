import { Link } from 'react-router-dom';
import { Seo } from '../../lib/seo';
import { useSite } from '../../lib/site';
import { LEGAL, type LegalKind } from './texts';

/** /privacy, /terms and /cookie-policy: static text, rendered on the server. */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const { brand } = useSite();
  const doc = LEGAL[kind];
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <Seo
        title={doc.title}
        description={doc.description.replaceAll('{brand}', brand)}
        keywords={[doc.title, brand]}
        path={doc.path}
      />
      <h1 className="font-serif text-4xl font-bold text-stone-900">{doc.title}</h1>
      <p className="mt-2 text-sm text-stone-500">Last updated: {doc.updated}</p>
      {doc.sections.map((s) => (
        <section key={s.heading} className="mt-8">
          <h2 className="font-serif text-2xl font-bold text-stone-900">{s.heading}</h2>
          {s.body.map((p) => (
            <p key={p.slice(0, 40)} className="mt-3 leading-relaxed text-stone-700">
              {p.replaceAll('{brand}', brand)}
            </p>
          ))}
        </section>
      ))}
      <p className="mt-10 text-stone-700">
        Questions?{' '}
        <Link to="/contact" className="font-semibold text-brand-700 hover:underline">
          Contact us
        </Link>
        .
      </p>
    </article>
  );
}
