import { type ComponentProps, type ComponentType, createElement, lazy } from 'react';

/**
 * React.lazy plus a `preload()`. The server awaits every preload before its first render: a lazy
 * page still loading when renderToString runs is sent as its Suspense fallback, and the browser
 * then logs React error #419 and re-renders it from scratch (a hydration error a reader pays for).
 */
// biome-ignore lint/suspicious/noExplicitAny: any component, as React.lazy itself accepts
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loaded: T | undefined;
  let pending: Promise<{ default: T }> | undefined;
  // Once per page: every render that needs it awaits the same import.
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(preload);
  function LazyPage(props: ComponentProps<T>) {
    return createElement((loaded ?? Lazy) as ComponentType<ComponentProps<T>>, props);
  }
  LazyPage.preload = preload;
  return LazyPage;
}
