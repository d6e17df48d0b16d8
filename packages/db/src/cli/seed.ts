import { createDb, seed } from '../index.ts';

const handle = await createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
const result = await seed(handle.db);
console.log(`seeded (${handle.kind}): ${result.createdDemoUsers} demo users created`);
await handle.close();
