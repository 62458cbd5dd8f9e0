// A steady mix of browsing and cart writes through the balancer, counting every answer, until
// stopped: what a rolling restart must not fail.
import { call } from './shop-client.mjs';

/**
 * @param {{ baseUrl: string, workers: number, requests: Array<{ method: string, path: string, token?: string, body?: unknown }> }} options
 */
export function startSteadyLoad({ baseUrl, workers, requests }) {
  let isStopped = false;
  const counts = { total: 0, failed: 0 };
  /** @type {string[]} */
  const failures = [];

  async function worker(offset) {
    for (let i = offset; !isStopped; i += 1) {
      const request = requests[i % requests.length];
      counts.total += 1;
      try {
        const answer = await call(baseUrl, request.method, request.path, request);
        if (answer.status >= 400) {
          counts.failed += 1;
          failures.push(`${request.method} ${request.path} → ${answer.status}`);
        }
      } catch (error) {
        counts.failed += 1;
        failures.push(`${request.method} ${request.path} → ${error instanceof Error ? error.message : error}`);
      }
    }
  }

  const running = Promise.all(Array.from({ length: workers }, (_, index) => worker(index)));
  return {
    counts,
    failures,
    async stop() {
      isStopped = true;
      await running;
      return { ...counts, failures };
    },
  };
}
