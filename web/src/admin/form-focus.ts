import { type RefObject, useEffect } from 'react';

/** A form's fields, in order; the first is where a newly opened form puts the caret. */
const FIELD =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"]';
const INVALID = '[aria-invalid="true"]';

/** Calls `found` with the first match under `root` now, or once one appears (a lazy form's chunk). */
function whenPresent(root: HTMLElement, selector: string, found: (el: HTMLElement) => void, ms: number) {
  const now = root.querySelector<HTMLElement>(selector);
  if (now) {
    found(now);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const el = root.querySelector<HTMLElement>(selector);
    if (!el) return;
    stop();
    found(el);
  });
  const timer = setTimeout(() => stop(), ms);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-invalid'],
  });
  return stop;
}

/** Scrolled to the middle of the screen first: at 390 px the form's top is often above it. */
function focusInView(el: HTMLElement) {
  el.scrollIntoView({ block: 'center', behavior: 'instant' });
  el.focus({ preventScroll: true });
}

/**
 * The admin forms' focus (issue 41 §8): opening one moves focus to its first field, and a refused save
 * (a field marked `aria-invalid`, by the form's own check or the server's answer) moves focus to the
 * first field in error, scrolled into view; the message is beside it (FieldShell).
 * `openKey` changes each time a form opens (Add, Edit, another Edit).
 */
export function useFormFocus(root: RefObject<HTMLElement | null>, openKey: string | null) {
  useEffect(() => {
    const el = root.current;
    if (!el || openKey === null) return;
    const stopFirst = whenPresent(el, FIELD, focusInView, 10_000);
    let stopInvalid = () => {};
    const onSubmit = () => {
      stopInvalid();
      // After this submit's render: its errors are what count, not the last attempt's.
      setTimeout(() => {
        stopInvalid = whenPresent(el, INVALID, focusInView, 15_000);
      }, 0);
    };
    el.addEventListener('submit', onSubmit, true);
    return () => {
      stopFirst();
      stopInvalid();
      el.removeEventListener('submit', onSubmit, true);
    };
  }, [root, openKey]);
}
