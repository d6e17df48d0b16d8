import type { Cents } from '@cab/shared';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  integer,
  serial,
  timestamp,
  type UpdateDeleteAction,
} from 'drizzle-orm/pg-core';

/** Column groups every table repeats (issue 16): a change here changes every table, so a migration follows. */

/** The serial primary key `id`. */
export const id = () => serial('id').primaryKey();

/** A point in time with its zone: every time the schema keeps is one. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was made, set by the database. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row last changed, set by the database on insert (writers set it on update). */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** Integer cents in int8: totals, balances and ledger amounts, which int4 could overflow. */
export const cents = (name: string) => bigint(name, { mode: 'number' }).$type<Cents>();

/** Cents that start at zero: a priced total, or a running figure the ledger's triggers keep. */
export const centsOrZero = (name: string) =>
  cents(name)
    .notNull()
    .default(0 as Cents);

/** A yes/no that starts as no. */
export const flag = (name: string) => boolean(name).notNull().default(false);

/** A required foreign key to the row this one belongs to, with what happens to it when that row goes. */
export const parentRef = (name: string, parent: () => AnyPgColumn, onDelete?: UpdateDeleteAction) =>
  integer(name)
    .notNull()
    .references(parent, onDelete ? { onDelete } : {});
