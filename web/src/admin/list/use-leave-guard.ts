import { useEffect } from 'react';

export const LEAVE_QUESTION = 'You have unsaved changes. Leave without saving?';

/**
 * While a form holds unsaved changes: closing or reloading the window asks (beforeunload), and so do
 * in-app ways out — a link, or another admin tab — since those would unmount the form.
 */
export function useLeaveGuard(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    const onClick = (e: MouseEvent) => {
      const target = e.target instanceof Element ? e.target.closest('a[href], [role="tab"]') : null;
      if (!target || (target instanceof HTMLAnchorElement && target.target === '_blank')) return;
      if (target.getAttribute('aria-selected') === 'true') return;
      if (!window.confirm(LEAVE_QUESTION)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active]);
}
