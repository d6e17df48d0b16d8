import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';

// Without drizzle's relational query API (`db.query.*`, unused here): given the schema, drizzle
// builds a query builder per table for every transaction it opens, a share of each write's CPU.
export type Db = PgDatabase<PgQueryResultHKT>;
type Tx = PgTransaction<PgQueryResultHKT>;
/** Anything that runs queries: the database or a transaction. */
export type Executor = Db | Tx;
