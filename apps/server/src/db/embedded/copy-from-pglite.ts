import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** Rows per round trip, fewer once a batch grows past BATCH_BYTES (stored images are rows too). */
const BATCH_ROWS = 200;
const BATCH_BYTES = 8 * 1024 * 1024;

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

export type TableCounts = Record<string, number>;

async function pgliteTables(source: PGlite): Promise<string[]> {
  const result = await source.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return result.rows.map((row) => row.name);
}

/** Columns a row can be given: a generated column is computed again by the target. */
async function writableColumns(source: PGlite, table: string): Promise<string[]> {
  const result = await source.query<{ name: string }>(
    `select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  );
  return result.rows.map((row) => row.name);
}

export async function countRows(query: (text: string) => Promise<{ rows: unknown[] }>, tables: string[]) {
  const counts: TableCounts = {};
  for (const table of tables) {
    const result = await query(`select count(*)::int as n from public.${quoted(table)}`);
    counts[table] = (result.rows[0] as { n: number } | undefined)?.n ?? 0;
  }
  return counts;
}

/**
 * Copies every row of the shop's tables from a PGlite database into a PostgreSQL database with
 * the same schema (both migrated to this version), replacing what the target held, then counts
 * both table by table. Each row travels as JSON (`row_to_json`, `json_populate_recordset`), which keeps every
 * type as PostgreSQL itself writes and reads it, bytea included. Foreign keys and triggers are
 * off for the copy (`session_replication_role`), so tables go in any order and the search
 * vectors are copied rather than computed again. Throws when a count differs.
 */
export async function copyFromPglite(source: PGlite, target: pg.Client): Promise<TableCounts> {
  const tables = await pgliteTables(source);
  await target.query('begin');
  try {
    await target.query('set local session_replication_role = replica');
    // Migrations seed some tables (the category banners): the copy brings the shop's own rows instead.
    if (tables.length > 0) await target.query(`truncate ${tables.map((t) => `public.${quoted(t)}`).join(', ')}`);
    for (const table of tables) {
      const columns = (await writableColumns(source, table)).map(quoted).join(', ');
      const name = `public.${quoted(table)}`;
      await source.transaction(async (tx) => {
        await tx.query(`declare rows_out no scroll cursor for select row_to_json(t)::text as row from ${name} t`);
        let rows = BATCH_ROWS;
        for (;;) {
          const batch = await tx.query<{ row: string }>(`fetch ${rows} from rows_out`);
          if (batch.rows.length === 0) break;
          const json = `[${batch.rows.map((r) => r.row).join(',')}]`;
          await target.query(
            `insert into ${name} (${columns}) select ${columns} from json_populate_recordset(null::${name}, $1::json)`,
            [json],
          );
          if (json.length > BATCH_BYTES) rows = Math.max(1, Math.floor(rows / 2));
        }
        await tx.query('close rows_out');
      });
    }
    const sequences = await source.query<{ name: string; value: string | null }>(
      `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
    );
    for (const { name, value } of sequences.rows) {
      if (value !== null) await target.query('select setval($1, $2::bigint)', [`public.${quoted(name)}`, value]);
    }
    await target.query('commit');
  } catch (error) {
    await target.query('rollback').catch(() => undefined);
    throw error;
  }
  const before = await countRows((text) => source.query(text), tables);
  const after = await countRows((text) => target.query(text), tables);
  const differing = tables.filter((table) => before[table] !== after[table]);
  if (differing.length > 0) {
    throw new Error(
      `The copy from PGlite is incomplete: ${differing.map((t) => `${t} ${after[t]} of ${before[t]} rows`).join(', ')}.`,
    );
  }
  return after;
}
