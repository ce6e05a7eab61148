import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, useLocation, useNavigationType } from 'react-router-dom';

/**
 * Scroll like a web site (issue 26; DESIGN.md §8): a new page opens at the top, or at its #fragment;
 * Back and Forward (and a reload) return to where the reader was on that entry; an in-page change made
 * with `replace` (Load More, a search, a filter) leaves the page where it is. A page opened again by
 * its address (typed, a bookmark, a link) opens at the top, whatever an earlier visit left (issue 41).
 *
 * react-router's own <ScrollRestoration> does this but needs a data router (createBrowserRouter),
 * which adds 16 KB gzip to every public page (137.6 KB against the 120 KB budget) and more start-up
 * work (issue 26 §13). This is the same approach on the BrowserRouter the site uses: positions per
 * history entry, recorded as the reader scrolls and kept in sessionStorage, so a reload or a Back from
 * another site finds them too. Lists that grow keep their size in the URL (?pages=), so the place
 * exists again when the reader comes back.
 */
const STORAGE_KEY = 'scroll-positions';
const MAX_ENTRIES = 200;

let positions: Record<string, number> | null = null;
function stored(): Record<string, number> {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
}
function persist() {
  const all = stored();
  const keys = Object.keys(all);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete all[k];
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    /* storage full or blocked: positions still work within this page's life */
  }
}

/** What a reader scrolls with: any of them ends a restore still waiting for the page to grow. */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to `y`; when the page is not that tall yet (its data is being fetched again: the cache let it
 * go), tries again as it grows, for a few seconds, unless the reader scrolls first (a wheel, a touch, a
 * key, the scrollbar, or any scroll that is not ours).
 */
function restore(y: number) {
  window.scrollTo(0, y);
  let ours = window.scrollY;
  if (Math.abs(ours - y) <= 1 || typeof ResizeObserver === 'undefined') return;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of READER_INPUT) window.removeEventListener(type, stop);
    window.removeEventListener('scroll', onScroll);
  };
  const onScroll = () => {
    if (Math.abs(window.scrollY - ours) > 1) stop();
  };
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, y);
    ours = window.scrollY;
    if (Math.abs(ours - y) <= 1) stop();
  });
  observer.observe(document.body);
  const timer = setTimeout(stop, 3000);
  for (const type of READER_INPUT) window.addEventListener(type, stop, { passive: true });
  window.addEventListener('scroll', onScroll, { passive: true });
}

/**
 * Whether this document was opened by a reload or by Back/Forward: only those return to a place. An
 * address typed or a bookmark is a new visit (the first load of a tab has no router key, so such an
 * entry shares its stored place with every earlier visit of the same address).
 */
function returning(): boolean {
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return nav ? nav.type === 'reload' || nav.type === 'back_forward' : true;
}

/**
 * Whether the reader has scrolled since the page was shown (before it hydrated): then they stay. The
 * browser's own restoring (to `saved`, or clamped at the bottom of a shorter page) does not count.
 */
function readerScrolled(saved: number): boolean {
  const y = window.scrollY;
  const atBottom = y + window.innerHeight >= document.documentElement.scrollHeight - 1;
  return y > 1 && Math.abs(y - saved) > 1 && !(atBottom && y < saved);
}

/** One history entry: its router key, or (a first load has key "default") its address. */
const entryKey = (l: Location) => (l.key === 'default' ? `default:${l.pathname}${l.search}` : l.key);

function scrollToFragment(hash: string): boolean {
  if (!hash) return false;
  const el = document.getElementById(decodeURIComponent(hash.slice(1)));
  el?.scrollIntoView();
  return Boolean(el);
}

export function useScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const current = useRef(entryKey(location));
  const firstRender = useRef(true);
  const shown = useRef(location.pathname + location.search);

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const record = () => {
      stored()[current.current] = window.scrollY;
    };
    const leave = () => {
      record();
      persist();
    };
    // Where the reader already is: scrolling done before hydration fired no listener of ours, and a
    // card pressed next would leave nothing for Back to return to.
    record();
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', leave);
      window.history.scrollRestoration = previous;
    };
  }, []);

  // After the new page is in the DOM (layout effect: before the browser paints it).
  useLayoutEffect(() => {
    const key = entryKey(location);
    current.current = key;
    const saved = stored()[key];
    const address = location.pathname + location.search;
    const sameAddress = shown.current === address;
    shown.current = address;
    if (firstRender.current) {
      firstRender.current = false;
      // A reload, or Back into the site from elsewhere: the place this entry had, unless a fragment
      // says, or the reader has started scrolling. A new visit stays at the top the browser gave it.
      if (saved !== undefined && !location.hash && returning() && !readerScrolled(saved)) restore(saved);
      return;
    }
    if (action === 'POP' && saved !== undefined) {
      restore(saved);
      return;
    }
    if (scrollToFragment(location.hash)) return;
    // A link to the page being read is a `replace` too (react-router): it opens at the top, as a
    // browser does; other replaces are in-page changes (Load More, a search, a filter).
    if (action === 'REPLACE' && !sameAddress) return;
    window.scrollTo(0, 0);
  }, [location.key]);
}
