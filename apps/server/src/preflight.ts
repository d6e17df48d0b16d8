import { assertDataDirFree, DataDirInUseError } from '@cab/db/data-dir-lock';
import { loadConfig } from './config.ts';

/**
 * `npm start` runs this before it builds anything: beside a running server on the same embedded
 * database it stops with the data-dir message, so a second start rewrites no file (the server
 * itself takes the lock before migrating; this only spares the web build).
 */
const config = loadConfig();
if (!config.databaseUrl) {
  try {
    assertDataDirFree(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
