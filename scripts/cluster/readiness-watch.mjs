// Asks every instance's /api/ready over and over, keeping each answer with its time, so a drill
// can check afterwards what readiness said while the database was away and after it came back.

/**
 * @typedef {{ instance: string, sentAt: number, answeredAt: number, status: number }} ReadinessAnswer
 *   status: the HTTP status, 0 when the request failed or got no answer in time
 */

/**
 * @param {Array<{ name: string, url: string }>} instances
 * @param {{ everyMs?: number, timeoutMs?: number }} [options]
 */
export function watchReadiness(instances, { everyMs = 100, timeoutMs = 2_000 } = {}) {
  let isStopped = false;
  /** @type {ReadinessAnswer[]} */
  const answers = [];

  async function poll(instance) {
    while (!isStopped) {
      const sentAt = Date.now();
      let status = 0;
      try {
        const response = await fetch(`${instance.url}/api/ready`, { signal: AbortSignal.timeout(timeoutMs) });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        // no answer in time, or none at all
      }
      answers.push({ instance: instance.name, sentAt, answeredAt: Date.now(), status });
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }

  const running = Promise.all(instances.map(poll));
  return {
    answers,
    async stop() {
      isStopped = true;
      await running;
      return answers;
    },
  };
}
