import { type Executor, rowsOf, schema } from '@cab/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Productivity (issue 35, decision 0050): the scans of a range added up per station or per
 * person from `scan_hours` (kept by triggers on scans, net of undone scans), so a year is a few
 * thousand hour rows. One statement.
 */

export interface ProductivityDbRow {
  /** The station's name as sessions wrote it ('' for none), or the scanner's user id (0 for none). */
  key: string | number;
  scans: number;
  completed: number;
  first_at: Date | string;
  last_at: Date | string;
  /** Each day's first to last scan, summed. */
  seconds: number;
}

export async function productivityRows(
  db: Executor,
  groupBy: 'station' | 'user',
  from: Date,
  to: Date,
  zone: string,
): Promise<ProductivityDbRow[]> {
  const key: SQL = groupBy === 'station' ? sql`coalesce(s.station, '')` : sql`h.user_id`;
  return rowsOf<ProductivityDbRow>(
    db,
    sql`with days as (
    select ${key} as key, (h.first_at at time zone ${zone})::date as day, sum(h.scans) as scans,
      coalesce(sum(h.ok) filter (where s.type = 'PRODUCTION'), 0) as completed,
      min(h.first_at) as first_at, max(h.last_at) as last_at
    from ${schema.scanHours} h join ${schema.scanSessions} s on s.id = h.session_id
    where h.hour >= ${from.toISOString()}::timestamptz and h.hour < ${to.toISOString()}::timestamptz
    group by 1, 2
  )
  select key, sum(scans)::int as scans, sum(completed)::int as completed, min(first_at) as first_at,
    max(last_at) as last_at, sum(extract(epoch from last_at - first_at))::float8 as seconds
  from days group by key order by completed desc, scans desc, key`,
  );
}
