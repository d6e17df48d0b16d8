import { type Executor, schema } from '@cab/db';
import { eq } from 'drizzle-orm';

const { settings } = schema;

/** The settings row whose value changes with every catalogue write. */
const KEY = 'catalog_version';

/** The catalogue's current version: a token that changes with each write ('' before the first). */
export async function catalogVersion(db: Executor): Promise<string> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  return row ? String(row.value) : '';
}

export async function setCatalogVersion(db: Executor, token: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key: KEY, value: token })
    .onConflictDoUpdate({ target: settings.key, set: { value: token, updatedAt: new Date() } });
}
