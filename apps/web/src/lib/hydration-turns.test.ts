import { describe, expect, it } from 'vitest';
import { allTurnsTaken, hydrateInTurns, hydrationTurn } from './hydration-turns.ts';

describe('hydration in turns', () => {
  it('lets every part render at once when no page is hydrating (the server, a page the browser renders alone)', async () => {
    expect(hydrationTurn('header')).toBeNull();
    expect(hydrationTurn('page')).toBeNull();
    await expect(allTurnsTaken()).resolves.toBeUndefined();
  });

  it('while hydrating, holds each part until its turn, one task after the part before it, and then never again', async () => {
    hydrateInTurns();
    const order: string[] = [];
    const header = hydrationTurn('header');
    const page = hydrationTurn('page');
    expect(header).toBeInstanceOf(Promise);
    expect(page).toBeInstanceOf(Promise);
    // A part rendered again before its turn waits for the same turn, not a new one at the back.
    expect(hydrationTurn('header')).toBe(header);

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
    expect(hydrationTurn('header')).toBeNull();
    expect(hydrationTurn('page')).toBeNull();
  });

  it('says all turns are taken only after the parts that queued while an earlier part hydrated', async () => {
    hydrateInTurns();
    const order: string[] = [];
    const page = hydrationTurn('grid');
    // The grid, hydrating in its turn, holds a card that queues behind it.
    void page?.then(() => {
      const card = hydrationTurn('card');
      void card?.then(() => order.push('card'));
    });
    await allTurnsTaken();
    expect(order).toEqual(['card']);
    // After hydration a new part (a card of the next page of results) renders at once.
    expect(hydrationTurn('another card')).toBeNull();
  });
});
