import type { FastifyBaseLogger } from 'fastify';

/** Plain functions, not methods: they may be passed on detached, e.g. `stop: work.stop`. */
export type PeriodicWork = {
  /** Runs at once, then every `intervalMs` on an unref'd timer, until `stop()`; a second start is ignored. */
  start: (intervalMs: number) => void;
  /** Asks a started loop for a run soon; ignored when not started. */
  nudge: () => void;
  /** Stops the timer and waits for the run in progress; no step starts after it. */
  stop: () => Promise<void>;
  /** True from `stop()` until the next `start()`: long steps check it to end early. */
  isStopped: () => boolean;
};

/**
 * Background work on a timer, one run at a time: each run calls `step` again and again while it
 * says more may be due, a tick or nudge that comes during a run makes it go round once more, and
 * a failed run is logged as "`name` run failed" and retried at the next tick.
 */
export function createPeriodicWork({
  step,
  name,
  log,
}: {
  /** Does one unit of work; true when more may be due at once. */
  step: () => Promise<boolean>;
  name: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}): PeriodicWork {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let runAgain = false;
  let isStopped = false;

  async function drain(): Promise<void> {
    do {
      runAgain = false;
      try {
        while (!isStopped && (await step()));
      } catch (error) {
        log.error({ err: error }, `${name} run failed`);
      }
    } while (runAgain && !isStopped);
  }

  function tick(): void {
    if (isStopped) return;
    if (running) {
      runAgain = true;
      return;
    }
    running = drain().finally(() => {
      running = undefined;
    });
  }

  return {
    start(intervalMs) {
      if (timer) return;
      isStopped = false;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    nudge() {
      if (timer) setImmediate(tick);
    },
    async stop() {
      isStopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    isStopped: () => isStopped,
  };
}
