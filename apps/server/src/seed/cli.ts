import { createDb, DataDirInUseError } from '@cab/db';
import { seed } from './index.ts';

// npm run db:seed. Takes the data directory's lock before migrating and seeding: beside a running
// server it stops here.
const handle = await createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR }).catch((err) => {
  if (!(err instanceof DataDirInUseError)) throw err;
  console.error(err.message);
  process.exit(1);
});
const result = await seed(handle.db, { demoOrders: true });
console.log(
  `seeded (${handle.kind}): ${result.createdDemoUsers} demo users, ${result.createdDemoOrders} demo orders created`,
);
await handle.close();
