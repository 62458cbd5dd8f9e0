// Requests per second of one URL under autocannon, for the cluster's throughput figures.
import autocannon from 'autocannon';

/**
 * @param {string} url
 * @param {{ seconds?: number, connections?: number }} [options]
 * @returns {Promise<{ requestsPerSecond: number, p99Ms: number, non2xx: number, errors: number }>}
 */
export async function measureThroughput(url, { seconds = 5, connections = 16 } = {}) {
  const result = await autocannon({ url, duration: seconds, connections });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
