// Brings up the production topology on one machine: a PostgreSQL database and a Redis database
// of the run's own (optionally on a redis-server of its own), an SMTP sink, N shop instances
// (NODE_ENV=production; ROLE=web beside one ROLE=worker by default) and nginx in front; and takes it all down again. `npm run cluster` and the
// cluster tests both use it.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createClusterDatabase } from './cluster-database.mjs';
import { openClusterRedis } from './cluster-redis.mjs';
import { startNginx } from './nginx.mjs';
import { startRedisServer } from './redis-server.mjs';
import { createShopInstance } from './shop-instance.mjs';
import { startSmtpSink } from './smtp-sink.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const CLUSTER_DEFAULTS = {
  instances: 2,
  /**
   * Processes with ROLE=worker beside the instances, which then run ROLE=web; 0 runs every
   * instance with ROLE=all. Workers listen on the ports after the instances', outside nginx.
   */
  workers: 1,
  /** Instances listen on firstInstancePort, +1, +2 … */
  firstInstancePort: 4701,
  balancerPort: 4780,
  smtpPort: 4790,
  postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: 'redis://127.0.0.1:6379',
  redisDb: 9,
  /**
   * Set: a redis-server of the run's own on this port, used instead of redisUrl, so the fault
   * drills can stop and start it without touching the machine's Redis.
   */
  ownRedisPort: /** @type {number | undefined} */ (undefined),
  seedDemo: true,
  /**
   * Set: the instances read the catalog from this streaming standby of postgresUrl's server
   * (DATABASE_READ_URL), given the run's database name.
   */
  standbyUrl: /** @type {((database: string) => string) | undefined} */ (undefined),
  /** Settings for every instance besides the production ones (tests shorten the payment sweep). */
  env: /** @type {Record<string, string>} */ ({}),
};

/**
 * @param {Partial<typeof CLUSTER_DEFAULTS> & { log?: (line: string) => void }} [options]
 */
export async function startCluster(options = {}) {
  const settings = { ...CLUSTER_DEFAULTS, ...options };
  const log = options.log ?? (() => undefined);
  const dir = mkdtempSync(path.join(tmpdir(), 'shopper-cluster-'));
  /** Undo steps, newest first. */
  const undo = [];
  const stop = async () => {
    for (const step of undo.splice(0).reverse()) await step().catch((error) => log(`cleanup: ${error.message}`));
  };

  try {
    undo.push(async () => rmSync(dir, { recursive: true, force: true }));
    const database = await createClusterDatabase(settings.postgresUrl);
    undo.push(() => database.drop());
    log(`database ${database.name}`);
    const redisServer = settings.ownRedisPort
      ? await startRedisServer({ port: settings.ownRedisPort, dir: path.join(dir, 'redis') })
      : undefined;
    if (redisServer) {
      undo.push(() => redisServer.stop());
      log(`redis-server ${redisServer.url}`);
    }
    const redis = await openClusterRedis(redisServer?.url ?? settings.redisUrl, settings.redisDb);
    undo.push(() => redis.close());
    const smtp = await startSmtpSink({ port: settings.smtpPort, dir: path.join(dir, 'mail') });
    undo.push(() => smtp.stop());
    log(`SMTP sink ${smtp.url}, messages in ${smtp.dir}`);

    const balancerUrl = `http://127.0.0.1:${settings.balancerPort}`;
    if (settings.seedDemo) {
      // Migrates too; the instances then find the schema current.
      await promisify(execFile)(process.execPath, [path.join(root, 'apps/server/dist/cli/admin.js'), 'seed-demo'], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
      });
      log('demo catalog seeded');
    }

    const env = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      ...(settings.standbyUrl ? { DATABASE_READ_URL: settings.standbyUrl(database.name) } : {}),
      REDIS_URL: redis.url,
      SMTP_URL: smtp.url,
      PUBLIC_URL: balancerUrl,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      METRICS_TOKEN: randomBytes(24).toString('base64url'),
      TRUST_PROXY: 'loopback',
      ALLOW_TEST_PAYMENTS: 'true',
      WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
      SHUTDOWN_DRAIN_MS: '500',
      LOG_LEVEL: 'info',
      ...settings.env,
    };
    const role = settings.workers > 0 ? 'web' : 'all';
    const instances = Array.from({ length: settings.instances }, (_, index) =>
      createShopInstance({
        name: `shop-${String.fromCharCode(97 + index)}`,
        port: settings.firstInstancePort + index,
        env: { ...env, ROLE: role },
        logFile: path.join(dir, `shop-${String.fromCharCode(97 + index)}.log`),
      }),
    );
    const workers = Array.from({ length: settings.workers }, (_, index) =>
      createShopInstance({
        name: `worker-${String.fromCharCode(97 + index)}`,
        port: settings.firstInstancePort + settings.instances + index,
        env: { ...env, ROLE: 'worker' },
        logFile: path.join(dir, `worker-${String.fromCharCode(97 + index)}.log`),
      }),
    );
    undo.push(async () => {
      await Promise.all([...instances, ...workers].map((instance) => instance.stop()));
    });
    await Promise.all([...instances, ...workers].map((instance) => instance.start()));
    log(`instances ${instances.map((instance) => `${instance.name} ${instance.url}`).join(', ')} (ROLE=${role})`);
    if (workers.length > 0) log(`workers ${workers.map((worker) => `${worker.name} ${worker.url}`).join(', ')}`);

    const nginx = await startNginx({
      listenPort: settings.balancerPort,
      instancePorts: instances.map((instance) => instance.port),
      dir: path.join(dir, 'nginx'),
    });
    undo.push(() => nginx.stop());
    log(`nginx ${nginx.url} (config ${path.join(dir, 'nginx', 'nginx.conf')})`);

    return { dir, balancerUrl, database, redis, redisServer, smtp, nginx, instances, workers, env, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
