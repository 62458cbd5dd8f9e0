import pg from 'pg';

/**
 * Read-only queries spread over PostgreSQL standbys (DATABASE_READ_URL), each sent to the primary
 * instead whenever no standby is known to hold what it must see (docs/decisions/070):
 * - everything the catalog change notification announced: a change moves the required WAL position
 *   to the primary's at that moment, and until a standby has replayed it, reads go to the primary;
 * - everything the primary had written `maxLagMs` ago: a standby further behind is skipped.
 * A standby that cannot be reached, or fails a query, is skipped and the query runs on the primary.
 */
export type ReadReplicas = {
  /** A pg-like client for Drizzle: `query` only (a transaction belongs on the primary). */
  client: { query(config: unknown, values?: unknown): Promise<unknown> };
  /** The catalog changed: reads go to the primary until a standby has replayed the change. */
  catalogChanged(): void;
  /** Reads answered by each standby and by the primary since start, for metrics and tests. */
  counts: () => { standby: number; primary: number };
  start(): void;
  stop(): Promise<void>;
};

export type ReadReplicaOptions = {
  primary: pg.Pool;
  urls: readonly string[];
  maxLagMs: number;
  pollMs?: number;
  log?: { warn(fields: object, message: string): void; info(fields: object, message: string): void };
};

/** A WAL position (`16/B374D848`) as one number; null (not a standby, or nothing replayed) as null. */
export function parseLsn(text: string | null | undefined): bigint | null {
  if (!text) return null;
  const match = /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(text);
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

type PrimarySample = { at: number; lsn: bigint };

/**
 * The WAL position a standby must have replayed to answer reads: the last catalog change's, and
 * what the primary had written `maxLagMs` before now (the newest sample at least that old).
 */
export function requiredPosition(
  samples: readonly PrimarySample[],
  catalogLsn: bigint,
  now: number,
  maxLagMs: number,
): bigint {
  let lagFloor = 0n;
  for (const sample of samples) if (sample.at <= now - maxLagMs && sample.lsn > lagFloor) lagFloor = sample.lsn;
  return catalogLsn > lagFloor ? catalogLsn : lagFloor;
}

type Standby = {
  url: string;
  pool: pg.Pool;
  /** Replayed up to here at the last poll; null: unreachable, or not known yet. */
  replayed: bigint | null;
  /** Not in recovery: a promoted standby, or a primary named as a read server; always current. */
  isPrimaryCopy: boolean;
};

const NOT_KNOWN = -1n;

export function createReadReplicas({ primary, urls, maxLagMs, pollMs = 200, log }: ReadReplicaOptions): ReadReplicas {
  const standbys: Standby[] = urls.map((url) => {
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 1_000 });
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    return { url, pool, replayed: null, isPrimaryCopy: false };
  });
  let samples: PrimarySample[] = [];
  // The primary's position after the last catalog change (at start: after the changes before it).
  // NOT_KNOWN until it is read: reads stay on the primary meanwhile.
  let catalogLsn = NOT_KNOWN;
  // Catalog changes heard: a position read from the primary covers the latest change only if no
  // change was heard after the read was sent.
  let changesHeard = 0;
  let next = 0;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  const counts = { standby: 0, primary: 0 };

  async function primaryLsn(): Promise<bigint> {
    // The insert position, not the write one: with asynchronous commit a committed transaction's
    // record may not be written out yet, and a standby at the write position would lack it.
    const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
    const lsn = parseLsn(rows[0]?.lsn);
    if (lsn === null) throw new Error('the primary answered no WAL position');
    return lsn;
  }

  async function pollStandby(standby: Standby): Promise<void> {
    try {
      const { rows } = await standby.pool.query<{ replayed: string | null; recovering: boolean }>(
        'select pg_last_wal_replay_lsn()::text as replayed, pg_is_in_recovery() as recovering',
      );
      const wasDown = standby.replayed === null;
      standby.isPrimaryCopy = rows[0]?.recovering === false;
      standby.replayed = parseLsn(rows[0]?.replayed) ?? 0n;
      if (wasDown) log?.info({ standby: hostOf(standby.url) }, 'read standby answering');
    } catch (error) {
      if (standby.replayed !== null) {
        log?.warn(
          { standby: hostOf(standby.url), err: error },
          'read standby unreachable; its reads go to the primary',
        );
      }
      standby.replayed = null;
    }
  }

  async function poll(): Promise<void> {
    try {
      const heardBefore = changesHeard;
      const lsn = await primaryLsn();
      const now = Date.now();
      samples.push({ at: now, lsn });
      // Keep the newest sample older than the lag bound, and everything after it.
      const oldEnough = samples.filter((sample) => sample.at <= now - maxLagMs);
      samples = samples.filter((sample) => sample.at > now - maxLagMs);
      const floor = oldEnough.at(-1);
      if (floor) samples.unshift(floor);
      if (catalogLsn === NOT_KNOWN && changesHeard === heardBefore) catalogLsn = lsn;
    } catch {
      // The primary is down: reads fail there too; the standbys' state is still worth knowing.
    }
    await Promise.all(standbys.map(pollStandby));
  }

  function isFresh(standby: Standby, required: bigint): boolean {
    if (standby.replayed === null) return false;
    return standby.isPrimaryCopy || standby.replayed >= required;
  }

  function pickStandby(): Standby | undefined {
    if (standbys.length === 0 || catalogLsn === NOT_KNOWN) return undefined;
    const required = requiredPosition(samples, catalogLsn, Date.now(), maxLagMs);
    for (let tried = 0; tried < standbys.length; tried += 1) {
      const standby = standbys[(next + tried) % standbys.length]!;
      if (isFresh(standby, required)) {
        next = (next + tried + 1) % standbys.length;
        return standby;
      }
    }
    return undefined;
  }

  const onPrimary = (config: unknown, values?: unknown) => {
    counts.primary += 1;
    return primary.query(config as pg.QueryConfig, values as unknown[]);
  };

  return {
    client: {
      async query(config, values) {
        const standby = pickStandby();
        if (!standby) return onPrimary(config, values);
        try {
          const result = await standby.pool.query(config as pg.QueryConfig, values as unknown[]);
          counts.standby += 1;
          return result;
        } catch (error) {
          // A standby stopping, restarting or cancelling a query for a conflict with recovery: the
          // primary answers this one, and the standby waits for the next poll to be used again.
          standby.replayed = null;
          log?.warn(
            { standby: hostOf(standby.url), err: error },
            'read standby failed a query; the primary answered it',
          );
          return onPrimary(config, values);
        }
      },
    },
    catalogChanged() {
      changesHeard += 1;
      const heard = changesHeard;
      catalogLsn = NOT_KNOWN;
      // Read after the notification, so at or past the change's commit. A failed read leaves the
      // position to the next poll; a later change's read replaces this one.
      primaryLsn().then(
        (lsn) => {
          if (changesHeard === heard) catalogLsn = lsn;
        },
        () => undefined,
      );
    },
    counts: () => ({ ...counts }),
    start() {
      if (timer || standbys.length === 0) return;
      const tick = () => {
        polling = poll().finally(() => {
          polling = undefined;
          if (timer) timer = setTimeout(tick, pollMs).unref();
        });
      };
      timer = setTimeout(tick, 0).unref();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await polling;
      await Promise.all(standbys.map((standby) => standby.pool.end().catch(() => undefined)));
    },
  };
}

/** Host and port only: a connection string may carry a password. */
function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}`;
  } catch {
    return 'unparsable DATABASE_READ_URL entry';
  }
}
