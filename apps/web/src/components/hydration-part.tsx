import { Suspense, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that React hydrates on its own (docs/decisions/039): a Suspense
 * boundary, so hydration commits in pieces instead of one long task, and a tap on a part not yet
 * hydrated makes React hydrate that part first and then deliver the tap. The fallback never shows:
 * the server renders every part, and a client navigation is a transition that keeps the shown page.
 */
export function HydrationPart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
