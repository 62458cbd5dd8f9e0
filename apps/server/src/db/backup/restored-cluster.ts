import pg from 'pg';
import { dataDirLayout } from '../data-dir-layout.ts';
import { EmbeddedServer } from '../embedded/server.ts';
import { SHOP_DATABASE } from '../embedded/shop-database.ts';
import { type ShopCensus, takeCensus } from './shop-census.ts';

/**
 * Starts a server on a cluster laid out under `dir` (postgres/ and postgres-password, as in
 * DATA_DIR): a base backup's copy replays its WAL up to the backup's stop point. Answers the
 * census of the shop's database; the server is stopped with a fast shutdown, which leaves a
 * checkpointed cluster that starts without replaying anything.
 */
export async function censusOfCluster(dir: string, { durable }: { durable: boolean }): Promise<ShopCensus> {
  const layout = dataDirLayout(dir);
  const server = new EmbeddedServer({
    clusterDir: layout.postgres,
    passwordFile: layout.postgresPassword,
    logFile: layout.postgresLog,
    durable,
  });
  await server.start();
  try {
    const client = new pg.Client({ connectionString: server.url(SHOP_DATABASE) });
    await client.connect();
    try {
      return await takeCensus(client);
    } finally {
      await client.end();
    }
  } finally {
    await server.stop();
  }
}
