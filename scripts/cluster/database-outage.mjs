// A PostgreSQL restart as the shop sees it, confined to the run's own database: the server is
// shared with other programs, so it is never restarted itself. Every connection to the database is
// cut (what a restart does to them) and new ones are refused until the window ends (what a server
// still starting up does).
import pg from 'pg';

/**
 * @param {{ adminUrl: string, database: string, forMs: number, everyMs?: number }} options
 *   adminUrl: a connection to another database of the same server (e.g. .../postgres)
 * @returns {Promise<{ startedAt: number, endedAt: number, terminated: number }>}
 *   terminated: connections cut, over every round
 */
export async function takeDatabaseAway({ adminUrl, database, forMs, everyMs = 100 }) {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`not a database name: ${database}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let terminated = 0;
  const startedAt = Date.now();
  try {
    // Even a superuser cannot connect while this is false, so no instance slips in between rounds.
    await admin.query(`alter database ${database} allow_connections false`);
    do {
      // In the select list, not the where clause: PostgreSQL may evaluate conditions in any order,
      // and a backend of another database must never be terminated.
      const { rows } = await admin.query(
        `select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [database],
      );
      terminated += rows.filter((row) => row.cut).length;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    } while (Date.now() - startedAt < forMs);
  } finally {
    await admin.query(`alter database ${database} allow_connections true`);
    await admin.end();
  }
  return { startedAt, endedAt: Date.now(), terminated };
}
