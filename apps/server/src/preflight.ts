import { assertDataDirFree, DataDirInUseError } from '@cab/db/data-dir-lock';
import { type Config, loadConfig } from './config.ts';
import { exitOnStartupFailure } from './startup-errors.ts';

/**
 * `npm start` runs this before it builds anything: beside a running server on the same embedded
 * database it stops with the data-dir message, so a second start rewrites no file (the server
 * itself takes the lock before migrating; this only spares the web build).
 */
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  exitOnStartupFailure(err, '');
}
if (!config.databaseUrl) {
  try {
    assertDataDirFree(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
