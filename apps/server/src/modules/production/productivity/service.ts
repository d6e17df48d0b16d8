import {
  addDays,
  ERROR_CODES,
  type Productivity,
  type ProductivityRow,
  type productivityQuerySchema,
  REPORTS_TEXT,
  STATION_TEXT,
  startOfDayIn,
} from '@cab/shared';
import type { z } from 'zod';
import { type Ctx, todayOf } from '../../../kit/context.ts';
import { toCsv } from '../../../kit/csv.ts';
import { fieldError } from '../../../kit/errors.ts';
import { userNames } from '../../auth/index.ts';
import { getSettings } from '../../core/index.ts';
import * as repo from './repository.ts';

type ProductivityQuery = z.output<typeof productivityQuerySchema>;

/** The zone the report's days are cut in: the process's own, as dates.ts counts the shop's days. */
const processZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Cabinets completed per hour worked; at least an hour counted, so one quick scan is not "60 an hour". */
const perHour = (completed: number, seconds: number) => Math.round((completed / Math.max(seconds / 3600, 1)) * 10) / 10;

/**
 * GET /api/reports/productivity/ (issue 35): cabinets completed (OK scans of PRODUCTION sessions)
 * and scans, per station (the session's station; a kept station's id, else null) or per person,
 * net of undone scans, between date_after and date_before (inclusive days; default today).
 */
export async function productivity(ctx: Ctx, query: ProductivityQuery): Promise<Productivity> {
  const today = todayOf(ctx);
  const after = query.date_after ?? query.date_before ?? today;
  const before = query.date_before ?? (query.date_after ? today : after);
  if (after > before) throw fieldError(ERROR_CODES.validation, 'date_after', REPORTS_TEXT.rangeInvalid);
  const rows = await repo.productivityRows(
    ctx.db,
    query.group_by,
    startOfDayIn(after),
    startOfDayIn(addDays(before, 1)),
    processZone(),
  );
  const named = await namesOf(ctx, query.group_by, rows);
  const results = rows.map(
    (r): ProductivityRow => ({
      [query.group_by]: named(r.key),
      cabinets_completed: r.completed,
      scans: r.scans,
      first_scan_at: new Date(r.first_at).toISOString(),
      last_scan_at: new Date(r.last_at).toISOString(),
      per_hour: perHour(r.completed, Number(r.seconds)),
    }),
  );
  return { date_after: after, date_before: before, group_by: query.group_by, results };
}

async function namesOf(ctx: Ctx, groupBy: 'station' | 'user', rows: repo.ProductivityDbRow[]) {
  if (groupBy === 'user') {
    const names = await userNames(
      ctx.db,
      rows.map((r) => Number(r.key)).filter((id) => id > 0),
    );
    return (key: string | number) =>
      Number(key) > 0
        ? { id: Number(key), name: names.get(Number(key)) ?? '' }
        : { id: null, name: STATION_TEXT.nobody };
  }
  const kept = new Map((await getSettings(ctx)).stations.map((s) => [s.name.toLowerCase(), s]));
  return (key: string | number) => {
    const name = String(key);
    if (name === '') return { id: null, name: STATION_TEXT.noStation };
    const station = kept.get(name.toLowerCase());
    return { id: station?.id ?? null, name: station?.name ?? name };
  };
}

const CSV_COLUMNS = ['name', 'cabinets_completed', 'scans', 'first_scan_at', 'last_scan_at', 'per_hour'] as const;

export function productivityCsv(answer: Productivity): string {
  return toCsv(
    CSV_COLUMNS,
    answer.results.map((r) => ({
      name: (r.station ?? r.user)?.name ?? '',
      cabinets_completed: r.cabinets_completed,
      scans: r.scans,
      first_scan_at: r.first_scan_at,
      last_scan_at: r.last_scan_at,
      per_hour: r.per_hour,
    })),
  );
}
