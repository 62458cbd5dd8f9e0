// A steady mix of browsing and cart writes through the balancer, counting every answer, until
// stopped: what a rolling restart or an outage of Redis must not fail.
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
 * @typedef {{ method: string, path: string | (() => string), token?: string, body?: unknown | (() => unknown), accept?: number[] }} LoadRequest
 *   path, body: a function gives each request its own (a fresh address, say);
 *   accept: the statuses that count as answered besides 2xx and 3xx (a refusal the request expects)
 */

/**
 * @param {{ baseUrl: string, workers: number, requests: LoadRequest[] }} options
 */
export function startSteadyLoad({ baseUrl, workers, requests }) {
  let isStopped = false;
  /** serverErrors: answers 500 and above, whether or not `accept` lists them. */
  const counts = { total: 0, failed: 0, serverErrors: 0 };
  /** @type {string[]} */
  const failures = [];

  async function worker(offset) {
    for (let i = offset; !isStopped; i += 1) {
      const template = requests[i % requests.length];
      const request = {
        ...template,
        path: typeof template.path === 'function' ? template.path() : template.path,
        body: typeof template.body === 'function' ? template.body() : template.body,
      };
      counts.total += 1;
      try {
        const answer = await send(baseUrl, request);
        if (answer.status >= 500) counts.serverErrors += 1;
        if (answer.status >= 400 && !template.accept?.includes(answer.status)) {
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
