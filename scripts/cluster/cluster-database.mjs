// A PostgreSQL database of the cluster's own, created for one run and dropped after it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * @param {string} adminUrl a connection string to any database of the server (e.g. .../postgres)
 * @returns {Promise<{ url: string, name: string, drop(): Promise<void> }>}
 */
export async function createClusterDatabase(adminUrl) {
  const name = `shopper_cluster_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
