/**
 * Running a planning step (a generator that yields after each row or product) either to its end at
 * once, or in slices of at most `sliceMs` with a turn of the event loop between them: a 20,000-row
 * dry run then holds up the instance's other requests for one slice at a time, never for the whole
 * file (decision 045).
 */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** A slice this long keeps a health check's answer well under 100 ms while a file is planned. */
export const PLANNING_SLICE_MS = 8;

export async function runInSlices<T>(steps: Generator<void, T>, sliceMs = PLANNING_SLICE_MS): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}
