import { createDb } from '../index.ts';

const handle = await createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
console.log(`migrations applied (${handle.kind}: ${handle.location})`);
await handle.close();
