import type { IRouteMetricsConfig } from 'fastify-metrics';

/**
 * fastify-metrics' per-route histogram, `http_request_duration_seconds{method, route, status_class}`:
 * `route` is the route's pattern (only registered routes are measured, so a made-up URL adds no
 * series) and the status its class (2xx…), which keeps the series few enough for p50/p95/p99 by
 * route with histogram_quantile. Its summary twin is off: it computes quantiles on every request
 * in the process, and per instance, where they cannot be added up across instances anyway.
 */
export const ROUTE_DURATIONS: IRouteMetricsConfig = {
  enabled: { histogram: true, summary: false },
  groupStatusCodes: true,
  overrides: {
    labels: { status: 'status_class' },
    histogram: {
      // Finer at the bottom than prom-client's default: most answers here take a few milliseconds.
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    },
  },
};
