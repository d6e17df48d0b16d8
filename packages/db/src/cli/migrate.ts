import { createDb, DataDirInUseError } from '../index.ts';

// Takes the data directory's lock before migrating: beside a running server it stops here.
const handle = await createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR }).catch((err) => {
  if (!(err instanceof DataDirInUseError)) throw err;
  console.error(err.message);
  process.exit(1);
});
console.log(`migrations applied (${handle.kind}: ${handle.location})`);
await handle.close();
