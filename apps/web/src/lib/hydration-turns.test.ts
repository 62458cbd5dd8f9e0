import { describe, expect, it } from 'vitest';
import { allTurnsTaken, hydrateInTurns, waitForHydrationTurn } from './hydration-turns.ts';

/** What waitForHydrationTurn throws, or null when the part may render. */
function attempt(part: string): Promise<void> | null {
  try {
    waitForHydrationTurn(part);
    return null;
  } catch (thrown) {
    return thrown as Promise<void>;
  }
}

describe('hydration in turns', () => {
  it('lets every part render at once when no page is hydrating (the server, a page the browser renders alone)', async () => {
    expect(attempt('header')).toBeNull();
    expect(attempt('page')).toBeNull();
    await expect(allTurnsTaken()).resolves.toBeUndefined();
  });

  it('while hydrating, holds each part until its turn, one task after the part before it, and then never again', async () => {
    hydrateInTurns();
    const order: string[] = [];
    const header = attempt('header');
    const page = attempt('page');
    expect(header).toBeInstanceOf(Promise);
    expect(page).toBeInstanceOf(Promise);
    // A part rendered again before its turn waits for the same turn, not a new one at the back.
    expect(attempt('header')).toBe(header);

    void header?.then(() => order.push('header'));
    void page?.then(() => order.push('page'));
    // Not in this task: the first turn comes after a timer, so hydrating the root ends first.
    await Promise.resolve();
    expect(order).toEqual([]);
    await header;
    // Every microtask of the header's task has run, and the page still waits for a task of its own.
    for (let step = 0; step < 10; step += 1) await Promise.resolve();
    expect(order).toEqual(['header']);
    await page;
    expect(order).toEqual(['header', 'page']);
    await allTurnsTaken();
    expect(attempt('header')).toBeNull();
    expect(attempt('page')).toBeNull();
  });

  it('says all turns are taken only after the parts that queued while an earlier part hydrated', async () => {
    hydrateInTurns();
    const order: string[] = [];
    const page = attempt('grid');
    // The grid, hydrating in its turn, holds a card that queues behind it.
    void page?.then(() => {
      const card = attempt('card');
      void card?.then(() => order.push('card'));
    });
    await allTurnsTaken();
    expect(order).toEqual(['card']);
    // After hydration a new part (a card of the next page of results) renders at once.
    expect(attempt('another card')).toBeNull();
  });
});
