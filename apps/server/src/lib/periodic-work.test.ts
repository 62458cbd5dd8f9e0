import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPeriodicWork } from './periodic-work.ts';

/**
 * A step the test settles by hand: `started` resolves when a call begins, and `finish(more)` ends
 * the call in hand with "more may be due" (or `fail(error)` throws from it).
 */
function handStep() {
  const calls: Array<{ settle: (more: boolean) => void; reject: (error: Error) => void }> = [];
  let onCall: (() => void) | undefined;
  const step = vi.fn(
    () =>
      new Promise<boolean>((resolve, reject) => {
        calls.push({ settle: resolve, reject });
        onCall?.();
      }),
  );
  return {
    step,
    /** Resolves once the step has been called `count` times in all. */
    called(count: number): Promise<void> {
      if (calls.length >= count) return Promise.resolve();
      return new Promise((resolve) => {
        onCall = () => {
          if (calls.length >= count) resolve();
        };
      });
    },
    finish(more: boolean) {
      calls.at(-1)?.settle(more);
    },
    fail(error: Error) {
      calls.at(-1)?.reject(error);
    },
  };
}

const quietLog = () => ({ error: vi.fn() });

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('periodic work', () => {
  it('runs at start, repeats the step while more is due, and stop waits for the run in progress', async () => {
    const hand = handStep();
    const work = createPeriodicWork({ step: hand.step, name: 'test', log: quietLog() });

    work.start(60_000);
    await hand.called(1);
    hand.finish(true);
    await hand.called(2);
    let stopped = false;
    const stopping = work.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    expect(work.isStopped()).toBe(true);
    hand.finish(true);
    await stopping;

    // More was due, but the loop was stopping: no third call.
    expect(hand.step).toHaveBeenCalledTimes(2);
  });

  it('a nudge during a run makes it go round once more, however many came', async () => {
    const hand = handStep();
    const work = createPeriodicWork({ step: hand.step, name: 'test', log: quietLog() });

    work.start(60_000);
    await hand.called(1);
    work.nudge();
    work.nudge();
    await nextTurn();
    expect(hand.step).toHaveBeenCalledTimes(1);
    hand.finish(false);
    await hand.called(2);
    hand.finish(false);
    await work.stop();

    expect(hand.step).toHaveBeenCalledTimes(2);
  });

  it('logs a failed run under its name and runs again on the next nudge', async () => {
    const hand = handStep();
    const log = quietLog();
    const work = createPeriodicWork({ step: hand.step, name: 'test work', log });
    const error = new Error('database away');

    work.start(60_000);
    await hand.called(1);
    hand.fail(error);
    work.nudge();
    await hand.called(2);
    hand.finish(false);
    await work.stop();

    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith({ err: error }, 'test work run failed');
    expect(hand.step).toHaveBeenCalledTimes(2);
  });

  it('does nothing on a nudge before start or after stop', async () => {
    const step = vi.fn(async () => false);
    const work = createPeriodicWork({ step, name: 'test', log: quietLog() });

    work.nudge();
    await nextTurn();
    expect(step).not.toHaveBeenCalled();

    work.start(60_000);
    await work.stop();
    expect(step).toHaveBeenCalledTimes(1);
    work.nudge();
    await nextTurn();
    expect(step).toHaveBeenCalledTimes(1);
  });

  it('runs on every interval on a timer that never keeps the process alive, and can start again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const hand = handStep();
    const work = createPeriodicWork({ step: hand.step, name: 'test', log: quietLog() });
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');

    work.start(1_000);
    work.start(1_000);
    expect(setIntervalSpy).toHaveBeenCalledTimes(1);
    expect(setIntervalSpy.mock.results[0]?.value.hasRef()).toBe(false);
    await hand.called(1);
    hand.finish(false);
    // The first run is over (its promise settled) before the timer fires.
    await nextTurn();
    vi.advanceTimersByTime(1_000);
    await hand.called(2);
    hand.finish(false);
    await work.stop();
    expect(work.isStopped()).toBe(true);

    vi.advanceTimersByTime(5_000);
    expect(hand.step).toHaveBeenCalledTimes(2);

    work.start(1_000);
    expect(work.isStopped()).toBe(false);
    await hand.called(3);
    hand.finish(false);
    await work.stop();
  });
});
