import { LEAVE_QUESTION } from '@site/shared';
import { useEffect, useState } from 'react';

export { LEAVE_QUESTION };

/**
 * The forms holding unsaved changes right now. One set of listeners serves them all, so leaving asks
 * once however many forms are dirty (the AI tab has several).
 */
const dirtyForms = new Set<symbol>();

/** Ask before unsaved changes are dropped: true when there are none or the editor agrees to leave. */
export function confirmLeave(dirty = dirtyForms.size > 0): boolean {
  return !dirty || window.confirm(LEAVE_QUESTION);
}

// Closing or reloading the window: the browser asks (Electron's main process asks in its place).
function onUnload(e: BeforeUnloadEvent) {
  e.preventDefault();
  e.returnValue = '';
}

// A link or another admin tab would unmount the form: ask first, and stay unless the editor agrees.
function onClick(e: MouseEvent) {
  const target = e.target instanceof Element ? e.target.closest('a[href], [role="tab"]') : null;
  if (!target || (target instanceof HTMLAnchorElement && target.target === '_blank')) return;
  if (target.getAttribute('aria-selected') === 'true') return;
  if (!confirmLeave()) {
    e.preventDefault();
    e.stopPropagation();
  }
}

/** The bits of the Navigation API used here (Chromium, so the desktop app too; not yet in TS's DOM lib). */
interface TraverseEvent extends Event {
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  cancelable: boolean;
}
const navigationApi = () => (window as { navigation?: EventTarget }).navigation;

/**
 * Back and forward within the app. popstate comes too late (the URL has changed and the router,
 * listening first, has already moved on), so this listens to the Navigation API's `navigate`, which
 * comes before and can be cancelled. Where the API is missing, Back leaves without asking; leaving
 * the site that way still asks through beforeunload.
 */
function onNavigate(e: Event) {
  const nav = e as TraverseEvent;
  if (nav.navigationType === 'traverse' && nav.cancelable && !confirmLeave()) nav.preventDefault();
}

function listen() {
  window.addEventListener('beforeunload', onUnload);
  navigationApi()?.addEventListener('navigate', onNavigate);
  document.addEventListener('click', onClick, true);
}
function unlisten() {
  window.removeEventListener('beforeunload', onUnload);
  navigationApi()?.removeEventListener('navigate', onNavigate);
  document.removeEventListener('click', onClick, true);
}

/**
 * While a form holds unsaved changes: closing or reloading the window asks (beforeunload), and so do
 * in-app ways out that would unmount the form: a link, another admin tab, back and forward.
 */
export function useLeaveGuard(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const me = Symbol('dirty form');
    if (dirtyForms.size === 0) listen();
    dirtyForms.add(me);
    return () => {
      dirtyForms.delete(me);
      if (dirtyForms.size === 0) unlisten();
    };
  }, [active]);
}

/**
 * Whether a form's values differ from those it opened with (compared as JSON); `onChange` hears each
 * flip, for a parent that asks before closing the form. Keep the form mounted per item (a key), so
 * "opened with" is the item's saved values.
 */
export function useDirty(values: unknown, onChange?: (dirty: boolean) => void): boolean {
  const json = JSON.stringify(values);
  const [loaded] = useState(json);
  const dirty = json !== loaded;
  useEffect(() => onChange?.(dirty), [dirty, onChange]);
  return dirty;
}
