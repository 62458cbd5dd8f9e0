/**
 * Hydration in turns (docs/decisions/035). Preact, which runs the browser build (034), hydrates a
 * page in one synchronous task; on a phone that task is several times Lighthouse's 50 ms budget.
 * Each part (`components/hydration-part.tsx`: the layout's header, page and footer, each product
 * card) therefore suspends once while the page hydrates: Preact keeps the part's server HTML on
 * screen and hydrates it when its turn comes, one task after the previous part. Outside a
 * hydrating page (the server, a page the browser renders alone, anything after hydration) no part
 * waits.
 */
let queue: Promise<void> | null = null;
let settled: Promise<void> = Promise.resolve();
const turns = new Map<string, Promise<void>>();
const hydrated = new Set<string>();

/** Settles in a later task: the browser paints and handles input in between. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Called just before hydrating a server-rendered page. Hydration ends when the queue has drained:
 * a part hydrating in its turn may hold parts of its own, which queue behind it in the same task,
 * so the queue is read again one task after it seemed empty.
 */
export function hydrateInTurns(): void {
  queue = Promise.resolve();
  settled = (async () => {
    let seen: Promise<void> | null;
    do {
      seen = queue;
      await seen;
      await nextTask();
    } while (queue !== seen);
    queue = null;
    turns.clear();
    hydrated.clear();
  })();
}

/** Settles once every part of the hydrating page has hydrated (at once when none is). */
export function allTurnsTaken(): Promise<void> {
  return settled;
}

/**
 * The turn the rendering part waits for, the first time it renders during hydration; null when it
 * may render now. The promise is kept per part, so every render of a waiting part gets the same one
 * (`use` needs that).
 */
export function hydrationTurn(part: string): Promise<void> | null {
  if (queue === null || hydrated.has(part)) return null;
  let turn = turns.get(part);
  if (!turn) {
    turn = queue = queue.then(nextTask).then(() => void hydrated.add(part));
    turns.set(part, turn);
  }
  return turn;
}
