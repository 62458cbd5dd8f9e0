import path from 'node:path';

/** What lives in DATA_DIR besides its lock: the embedded server's folders and files, and the generated secrets. */
export function dataDirLayout(dataDir: string) {
  return {
    /** The embedded PostgreSQL cluster (PGDATA). */
    postgres: path.join(dataDir, 'postgres'),
    /** The generated password of the cluster's one role, readable by the owner only. */
    postgresPassword: path.join(dataDir, 'postgres-password'),
    /** PostgreSQL's own log. */
    postgresLog: path.join(dataDir, 'postgres.log'),
    /** Where earlier versions kept their PGlite database; imported on the first start (docs/database.md). */
    pglite: path.join(dataDir, 'pgdata'),
    secrets: path.join(dataDir, 'secrets.json'),
  };
}

/** Where a PGlite folder is moved once its data is in PostgreSQL: kept until the owner removes it. */
export function importedPgliteDir(dataDir: string, when: Date): string {
  return path.join(dataDir, `pgdata-pglite-imported-${when.toISOString().slice(0, 19).replaceAll(':', '')}`);
}
