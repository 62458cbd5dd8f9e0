import path from 'node:path';

/** What lives in DATA_DIR besides its lock: the embedded database's own folder and the generated secrets. */
export function dataDirLayout(dataDir: string) {
  return {
    pgdata: path.join(dataDir, 'pgdata'),
    secrets: path.join(dataDir, 'secrets.json'),
  };
}
