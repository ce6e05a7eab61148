import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { EarlyInputReplay } from '../../lib/early-input';
import { useScrollRestoration } from '../../lib/scroll-restoration';
import { Footer } from './Footer';
import { Header } from './Header';
import { RouteAnnouncer } from './RouteAnnouncer';

/** Site chrome around every page: header with navigation, drawer on phones, footer. */
export function Layout() {
  // New pages at the top (or their #fragment); Back and Forward to where the reader was.
  useScrollRestoration();
  return (
    <div className="flex min-h-screen flex-col bg-stone-50">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        {/* Pages are lazy chunks: one still loading never holds up the header's hydration. */}
        <Suspense fallback={null}>
          <Outlet />
          {/* After the page: it runs once the page, header and footer have hydrated. */}
          <EarlyInputReplay />
        </Suspense>
      </main>
      <Footer />
      {/* Focus to the new page's heading, its title announced (issue 41). */}
      <RouteAnnouncer />
    </div>
  );
}
