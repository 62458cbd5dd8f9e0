import { hostname } from 'node:os';

/**
 * What tells this process apart behind a balancer when INSTANCE_NAME is unset: its logs, metrics
 * and traces all carry it. Shared with the tracing preload, which runs before the config is read.
 */
export function defaultInstanceName(port: number): string {
  return `${hostname()}:${port}`;
}
