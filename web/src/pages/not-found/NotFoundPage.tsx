import { Link, useLocation } from 'react-router-dom';
import { Seo, useHttpStatus } from '../../lib/seo';

export function NotFoundPage() {
  const { pathname } = useLocation();
  useHttpStatus(404);
  // Spec §2: renders nothing when the path contains /product/.
  if (pathname.includes('/product/')) return null;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <Seo title="Page Not Found" description="The page you're looking for doesn't exist." noindex />
      <h1 className="font-serif text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 text-stone-600">The page you're looking for doesn't exist.</p>
      <Link to="/" className="mt-8 inline-block rounded-full bg-brand-700 px-5 py-2 font-semibold text-white">
        Back to Home
      </Link>
    </section>
  );
}
