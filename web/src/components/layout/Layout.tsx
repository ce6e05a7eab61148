import { Outlet } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';

/** Site chrome around every page: header with navigation, drawer on phones, footer. */
export function Layout() {
  return (
    <div className="flex min-h-screen flex-col bg-stone-50">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
