// Requests per second of one URL under autocannon, for the cluster's throughput figures.
import autocannon from 'autocannon';

const RENEW_CONNECTION_EVERY = 500;

/**
 * @param {string} url
 * @param {{ seconds?: number, connections?: number }} [options]
 * @returns {Promise<{ requestsPerSecond: number, p99Ms: number, failures: string[] }>}
 *   failures: what went wrong, by kind ("1 × 502", "2 × ECONNRESET", "1 × request timed out"); empty when
 *   every request was answered with a 2xx
 */
export async function measureThroughput(url, { seconds = 5, connections = 16 } = {}) {
  const errorCodes = new Map();
  // nginx closes a kept-alive connection after 1000 requests (keepalive_requests) with
  // "Connection: close", which browsers honour and autocannon does not: it writes the next request
  // on the closing socket and counts an ECONNRESET. So each connection is renewed before that.
  const run = autocannon({ url, duration: seconds, connections, reconnectRate: RENEW_CONNECTION_EVERY });
  run.on('reqError', (error) => {
    const code = error?.code ?? error?.message ?? 'error';
    errorCodes.set(code, (errorCodes.get(code) ?? 0) + 1);
  });
  const result = await run;
  const failures = [
    ...Object.entries(result.statusCodeStats)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count }]) => `${count} × ${status}`),
    // Timeouts come as errors too ("request timed out").
    ...[...errorCodes].map(([code, count]) => `${count} × ${code}`),
  ];
  return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99, failures };
}
