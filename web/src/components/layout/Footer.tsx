import { COPYRIGHT_YEAR } from '@site/shared';
import { Link } from 'react-router-dom';
import { useSite } from '../../lib/site';
import { SubscribeForm } from '../newsletter/SubscribeForm';
import { FOOTER_COLUMNS } from './nav';

export function Footer() {
  const { brand } = useSite();
  return (
    <footer className="border-t border-stone-200 bg-white text-sm text-stone-600">
      {/* On every page, in the server-rendered HTML (issue 30). */}
      <div className="border-b border-stone-100 bg-stone-50">
        <div className="mx-auto max-w-6xl px-4 py-8">
          <SubscribeForm where="footer" />
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-10 md:grid-cols-4">
        {/* Phones: two columns of links, not one long list; the brand spans both. */}
        <div className="col-span-2 md:col-span-1">
          <p className="font-serif text-lg font-bold text-brand-700">{brand}</p>
          <p className="mt-2">Wellness, style, nutrition, career and community for women.</p>
        </div>
        {FOOTER_COLUMNS.map((col) => (
          <nav key={col.heading} aria-label={col.heading}>
            <h2 className="font-semibold text-stone-900">{col.heading}</h2>
            <ul className="mt-2 space-y-1">
              {col.links.map((l) => (
                <li key={l.href + l.label}>
                  <Link to={l.href} className="inline-block py-1 hover:text-brand-700">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-stone-100">
        <div className="mx-auto max-w-6xl space-y-2 px-4 py-6 text-xs">
          <p data-testid="affiliate-disclosure">
            <strong>Affiliate disclosure:</strong> some links on this site are affiliate links. If you buy
            through them, we may earn a commission at no extra cost to you.
          </p>
          <p>
            © {COPYRIGHT_YEAR} {brand}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
