// A steady mix of browsing and cart writes through the balancer, counting every answer, until
// stopped: what a rolling restart must not fail.
import http from 'node:http';

/**
 * One request on a connection of its own (`agent: false`), as a browser opening a page would: a
 * balancer that reloads closes its idle keep-alive connections, and a client reusing one at that
 * moment would count nginx's reload as a failed request.
 */
function send(baseUrl, { method, path, token, body }) {
  const url = new URL(path, baseUrl);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent: false,
        timeout: 30_000,
        headers: {
          ...(token ? { 'auth-token': token } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(payload);
  });
}

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
        const answer = await send(baseUrl, request);
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
