import { US_STATES } from '@cab/shared';

/** The US states as a select's options (codes) and what each shows as (its name). */
export const STATE_CODES = US_STATES.map((s) => s.code);
export const STATE_NAMES: Record<string, string> = Object.fromEntries(US_STATES.map((s) => [s.code, s.name]));
