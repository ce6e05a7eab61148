import { type ReactNode, Suspense } from 'react';

/**
 * Marks server-rendered content React may hydrate as its own small, interruptible step after the
 * rest of the page. Without boundaries, hydrating a long grid is one main-thread task (Lighthouse
 * counted ~240 ms of blocking time on /shop). A click on a slice not yet hydrated makes React
 * hydrate it first and replay the click. Nothing ever suspends here, so client renders are unchanged.
 */
export function HydrationSlice({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
