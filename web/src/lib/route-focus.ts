import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * Focus and announcements after a client-side navigation (issue 41; Gatsby's research on accessible
 * client-side routing): a new page moves focus to its heading and its title is said in a polite live
 * region, so a screen-reader user learns the page changed. In-page changes (same path: filters in the
 * query string, Load More, a search, a #fragment) leave focus where it is. The server-rendered first
 * load is left to the browser.
 */

/** Link `state` for a filter that moves between pages of one list: focus stays on the control. */
export const IN_PAGE = { inPage: true } as const;
const isInPage = (state: unknown) => Boolean((state as { inPage?: unknown } | null)?.inPage);

/** Long enough for a lazy page's chunk and its data on a slow connection. */
const WAIT_MS = 8000;
/** Back/Forward look this long for the link the reader left from before settling on the heading. */
const RETURN_WAIT_MS = 1500;

/** Focus without scrolling (scroll-restoration owns the position) and, for a heading, without a ring. */
function focusQuietly(el: HTMLElement) {
  if (!el.matches('a[href], button, input, select, textarea, [tabindex]')) {
    el.setAttribute('tabindex', '-1');
    el.addEventListener('blur', () => el.removeAttribute('tabindex'), { once: true });
  }
  el.focus({ preventScroll: true });
}

const heading = () => document.querySelector<HTMLElement>('main h1');
const linkTo = (href: string) => {
  for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>('main a[href]')))
    if (a.getAttribute('href') === href) return a;
  return null;
};

/**
 * Calls `found` with the first element `find` returns, as the page renders, within `ms` (then with
 * null). Returns the cancel function.
 */
function whenPresent(
  find: (late: boolean) => HTMLElement | null,
  found: (el: HTMLElement | null) => void,
  ms: number,
  lateAfter: number,
): () => void {
  let done = false;
  let late = false;
  const check = () => {
    if (done) return;
    const el = find(late);
    if (el) finish(el);
  };
  const finish = (el: HTMLElement | null) => {
    done = true;
    observer.disconnect();
    clearTimeout(lateTimer);
    clearTimeout(timer);
    found(el);
  };
  const observer = new MutationObserver(check);
  const lateTimer = setTimeout(() => {
    late = true;
    check();
  }, lateAfter);
  const timer = setTimeout(() => !done && finish(null), ms);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  check();
  return () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(lateTimer);
    clearTimeout(timer);
  };
}

/** Runs the focus moves; returns the text for the layout's live region. */
export function useRouteFocus(): string {
  const location = useLocation();
  const action = useNavigationType();
  const [message, setMessage] = useState('');
  const previous = useRef<{ key: string; pathname: string } | null>(null);
  // The link each history entry was left by, so Back and Forward put focus on it again.
  const leftBy = useRef(new Map<string, string>());

  useEffect(() => {
    const note = (e: Event) => {
      const a = (e.target as Element | null)?.closest?.('main a[href]');
      const key = previous.current?.key;
      if (a && key) leftBy.current.set(key, a.getAttribute('href') ?? '');
    };
    // focusin for the keyboard; click too, since not every browser focuses a link it clicks.
    document.addEventListener('focusin', note);
    document.addEventListener('click', note, true);
    return () => {
      document.removeEventListener('focusin', note);
      document.removeEventListener('click', note, true);
    };
  }, []);

  // A passive effect: it runs after the phone menu's clean-up has handed focus back to its button.
  useEffect(() => {
    const prev = previous.current;
    previous.current = { key: location.key, pathname: location.pathname };
    if (!prev || prev.pathname === location.pathname) return;
    const pop = action === 'POP';
    const here = location.pathname + location.search;
    const returnTo = pop ? leftBy.current.get(location.key) : undefined;
    const before = document.activeElement;
    let announce: ReturnType<typeof setTimeout> | undefined;
    setMessage('');
    const cancel = whenPresent(
      (late) => {
        if (!pop && isInPage(location.state)) return linkTo(here);
        if (returnTo && !late) return linkTo(returnTo);
        return (returnTo && linkTo(returnTo)) || heading();
      },
      (el) => {
        const now = document.activeElement;
        // The reader has already moved on (typed in a field, tabbed to a link): leave them there.
        const movedOn = now && now !== before && now !== document.body && now.isConnected;
        if (!movedOn) focusQuietly(el ?? document.querySelector<HTMLElement>('main') ?? document.body);
        // The page's <Seo> sets the title in an effect that may run a moment after its heading shows.
        announce = setTimeout(() => setMessage(document.title), 100);
      },
      WAIT_MS,
      RETURN_WAIT_MS,
    );
    return () => {
      cancel();
      clearTimeout(announce);
    };
  }, [location.key]);

  return message;
}
