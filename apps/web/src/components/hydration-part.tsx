import { Suspense, use, type ReactNode } from 'react';
import { hydrationTurn } from '../lib/hydration-turns.ts';

interface HydrationPartProps {
  /** Unique on the page while it hydrates (a part rendered twice shares one turn). */
  name: string;
  /** One element: while a part waits, Preact keeps the first element of its server HTML. */
  children: ReactNode;
}

/**
 * A part of a server-rendered page hydrated in a task of its own (docs/decisions/035): React
 * hydrates a Suspense boundary in a pass of its own (033), Preact waits for the part's turn. The
 * fallback never shows: the server renders every part, and a part rendered in the browser alone
 * never waits.
 *
 * What only the browser knows (the session, storage) is read by a component inside the part, never
 * handed in from outside: inside, it reads as on the server until the part hydrates. Children from
 * outside may have changed by the part's turn, and Preact hydrates them onto the server's elements
 * without correcting their attributes.
 */
export function HydrationPart({ name, children }: HydrationPartProps) {
  return (
    <Suspense fallback={null}>
      <HydrationTurn name={name}>{children}</HydrationTurn>
    </Suspense>
  );
}

function HydrationTurn({ name, children }: HydrationPartProps) {
  const turn = hydrationTurn(name);
  if (turn) use(turn);
  return children;
}
