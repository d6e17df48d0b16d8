import { serial, timestamp } from 'drizzle-orm/pg-core';

/** Column groups every table repeats (issue 16): a change here changes every table, so a migration follows. */

/** The serial primary key `id`. */
export const id = () => serial('id').primaryKey();

/** A point in time with its zone: every time the schema keeps is one. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was made, set by the database. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row last changed, set by the database on insert (writers set it on update). */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
