import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';

/**
 * The channel the catalog trigger (migration 0006) notifies on, with the new value of the
 * `catalog_generation` sequence as payload, whenever products, sizes or reviews change, by our
 * code or by hand-written SQL.
 */
export const CATALOG_CHANNEL = 'shopper_catalog_changed';

export type CatalogChangeListener = () => void;

export type CatalogChanges = {
  /**
   * Subscribe to "the catalog may have changed": a write on this instance, a notification from
   * another instance or from SQL, or a reconnection after which notifications may have been
   * missed. Listeners drop what they derived from the catalog (caches); they must be quick and
   * must not throw. Answers the function that unsubscribes. (docs/decisions/028)
   */
  onCatalogChange(listener: CatalogChangeListener): () => void;
  /**
   * A service wrote to the catalog: tell this instance's listeners now, so its own next read is
   * fresh; the database trigger tells every instance (this one again, harmlessly) at commit.
   */
  changedHere(): void;
  /** Starts listening for the other instances' changes. */
  start(): Promise<void>;
  stop(): Promise<void>;
};

export function createCatalogChanges({
  database,
  log,
}: {
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}): CatalogChanges {
  const listeners = new Set<CatalogChangeListener>();
  let stopListening: (() => Promise<void>) | undefined;
  let lastGeneration: string | undefined;

  function tellListeners(): void {
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        log.error({ err: error }, 'a catalog change listener failed');
      }
    }
  }

  async function currentGeneration(): Promise<string | undefined> {
    const rows = await database.db.select({ generation: sql<string>`last_value::text` }).from(sql`catalog_generation`);
    return rows[0]?.generation;
  }

  return {
    onCatalogChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changedHere: tellListeners,
    async start() {
      if (stopListening) return;
      lastGeneration = await currentGeneration();
      stopListening = await database.listen(CATALOG_CHANNEL, {
        onNotify: (generation) => {
          lastGeneration = generation;
          tellListeners();
        },
        onReconnect: () => {
          // A missed notification leaves the generation moved on: then whatever was derived is stale.
          currentGeneration().then(
            (generation) => {
              if (generation !== lastGeneration) {
                log.warn({ generation }, 'catalog changed while notifications were down; caches cleared');
                lastGeneration = generation;
                tellListeners();
              }
            },
            () => tellListeners(),
          );
        },
      });
    },
    async stop() {
      const stop = stopListening;
      stopListening = undefined;
      await stop?.();
    },
  };
}
