// `npm run cluster`: the production topology, by hand, until Ctrl-C; then everything is removed.
// Options: --instances N (default 2). Needs PostgreSQL, Redis and nginx (see docs/several-instances.md).
import { parseArgs } from 'node:util';
import { buildIfStale } from '../build-if-stale.mjs';
import { startCluster } from './topology.mjs';

const { values } = parseArgs({ options: { instances: { type: 'string', default: '2' } } });
const log = (line) => console.log(`[cluster] ${line}`);
buildIfStale(['web', 'server']);
const cluster = await startCluster({
  instances: Number(values.instances),
  ...(process.env.CLUSTER_POSTGRES_URL ? { postgresUrl: process.env.CLUSTER_POSTGRES_URL } : {}),
  log,
});
log(
  `ready: open ${cluster.balancerUrl} — mail lands in ${cluster.smtp.dir}, logs in ${cluster.dir}; Ctrl-C stops it all`,
);

let isStopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (isStopping) return;
    isStopping = true;
    log('stopping…');
    cluster.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
