import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type DbHandle } from './index.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (when TEST_DATABASE_URL is
 * set) a new database on that PostgreSQL server, dropped again on close.
 */
export async function createTestDb(): Promise<DbHandle> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return createDb({ dataDir: 'memory' });

  const name = `cab_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export function usingPostgres(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL);
}
