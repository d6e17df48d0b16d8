import { z } from 'zod';
import { MSG } from '../messages.ts';
import { queryInt } from '../validation.ts';

export const settingsSchema = z.object({
  lead_time: z.number().int(),
  remake_reasons: z.object({ reasons: z.array(z.string()) }),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsPatchSchema = z
  .object({
    lead_time: z
      .number({ error: MSG.leadTimeRange })
      .int(MSG.leadTimeRange)
      .min(0, MSG.leadTimeRange)
      .max(365, MSG.leadTimeRange),
    remake_reasons: z.object({
      reasons: z
        .array(z.string().trim().min(1, MSG.required).max(120))
        .max(100)
        .refine((list) => new Set(list).size === list.length, 'Each reason must be unique'),
    }),
  })
  .partial();
export type SettingsPatch = z.input<typeof settingsPatchSchema>;

export const holidaysQuerySchema = z.object({ year: queryInt(1900, 2999, MSG.yearRange) });
export const holidaySchema = z.object({ date: z.string(), name: z.string() });
export const holidaysSchema = z.array(holidaySchema);

export const postalCodeQuerySchema = z.object({ postal_code: z.string({ error: MSG.postalCode }) });
export const postalCodeResponseSchema = z.object({
  postal_code: z.string(),
  cities: z.array(z.object({ city: z.string(), state: z.string() })),
});

export const stripeConfigSchema = z.object({ pk: z.string() });

export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.string().nullable(),
  display: z.string(),
});
export const tagsSchema = z.array(tagSchema);

/** "name" or "name:value" (SPEC 3 Tag). */
export function tagDisplay(tag: { name: string; value: string | null }): string {
  return tag.value ? `${tag.name}:${tag.value}` : tag.name;
}

export const logWarnBodySchema = z.object({
  type: z.string().max(100),
  code: z.string().max(100).optional().nullable(),
  data: z.unknown().optional(),
  url: z.string().max(2000).optional().nullable(),
});
export const logWarnResponseSchema = z.object({ transaction_id: z.string() });

export const logErrorBodySchema = z.object({
  type: z.string().max(100),
  error: z.string().max(20000).optional().nullable(),
  info: z.string().max(20000).optional().nullable(),
  path: z.string().max(2000).optional().nullable(),
});

export const appConfigSchema = z.object({
  app_env: z.string(),
  is_test_environment: z.boolean(),
  version: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** Role-specific dashboard summary: a list of labelled figures plus recent activity lines. */
export const dashboardSchema = z.object({
  greeting: z.string(),
  cards: z.array(z.object({ key: z.string(), label: z.string(), value: z.union([z.string(), z.number()]) })),
  recent: z.array(z.object({ at: z.string(), text: z.string() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
