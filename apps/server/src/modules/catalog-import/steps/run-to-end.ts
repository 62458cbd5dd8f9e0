/**
 * Running a planning step (a generator that yields after each row or product) to its end. The steps
 * are generators so that a caller may also pause between rows; the dry run needs not, since it
 * plans in a thread of its own (planning-thread.ts, decision 054).
 */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
