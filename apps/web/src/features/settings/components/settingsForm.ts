import { type Settings, type SettingsPatch, settingsPatchSchema } from '@cab/shared';
import { bodyResolver } from '../../../lib/forms.ts';

/** The global settings form: inputs hold text; reasons are objects so useFieldArray can key them. */
export interface GlobalSettingsValues {
  lead_time: string;
  /** Business days from a remake's approval to its order's due date. */
  remake_lead_time: string;
  reasons: { value: string }[];
  /** State code -> percentage text; '' means no sales tax in that state. */
  tax_rates: Record<string, string>;
  /** The shop's state code (PICKUP orders are taxed at its rate); '' for none. */
  shop_state: string;
  /** Cabinets per working day: the planner's capacity (decision 0031). */
  capacity_per_day: string;
  /** The seller printed on invoices and receipts. */
  seller_name: string;
  seller_address: string;
  seller_phone: string;
  /** Remittance printed on invoices: check payee, wire bank details. */
  remit_check_payee: string;
  remit_wire_details: string;
  /** The shop's IANA time zone (its clock). */
  time_zone: string;
}

export function valuesOf(settings: Settings): GlobalSettingsValues {
  return {
    lead_time: String(settings.lead_time),
    remake_lead_time: String(settings.remake_lead_time),
    reasons: settings.remake_reasons.reasons.map((value) => ({ value })),
    tax_rates: Object.fromEntries(Object.entries(settings.tax_rates).map(([code, rate]) => [code, String(rate)])),
    shop_state: settings.shop_state,
    capacity_per_day: String(settings.capacity_per_day),
    seller_name: settings.seller_name,
    seller_address: settings.seller_address,
    seller_phone: settings.seller_phone,
    remit_check_payee: settings.remit_check_payee,
    remit_wire_details: settings.remit_wire_details,
    time_zone: settings.time_zone,
  };
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The PATCH body: the whole form, with only the states that have a rate. */
export function bodyOf(values: GlobalSettingsValues): SettingsPatch {
  const rates: Record<string, number> = {};
  for (const [code, text] of Object.entries(values.tax_rates)) {
    if (text?.trim()) rates[code] = numberOf(text);
  }
  return {
    lead_time: numberOf(values.lead_time),
    remake_lead_time: numberOf(values.remake_lead_time),
    remake_reasons: { reasons: values.reasons.map((r) => r.value) },
    tax_rates: rates,
    shop_state: values.shop_state,
    capacity_per_day: numberOf(values.capacity_per_day),
    seller_name: values.seller_name,
    seller_address: values.seller_address,
    seller_phone: values.seller_phone,
    remit_check_payee: values.remit_check_payee,
    remit_wire_details: values.remit_wire_details,
    time_zone: values.time_zone.trim(),
  };
}

/**
 * The form field a body error path belongs to (client schema issues and the server's `fields`
 * use the same paths): remake_reasons.reasons.2 -> reasons.2.value, the list itself -> root.reasons.
 */
export function fieldOf(path: string): string {
  const reason = /^remake_reasons\.reasons\.(\d+)$/.exec(path);
  if (reason) return `reasons.${reason[1]}.value`;
  if (path === 'remake_reasons' || path === 'remake_reasons.reasons') return 'root.reasons';
  if (
    path === 'lead_time' ||
    path === 'remake_lead_time' ||
    path === 'shop_state' ||
    path === 'capacity_per_day' ||
    path === 'seller_name' ||
    path === 'seller_address' ||
    path === 'seller_phone' ||
    path === 'remit_check_payee' ||
    path === 'remit_wire_details' ||
    path === 'time_zone' ||
    /^tax_rates\.[A-Z]{2}$/.test(path)
  )
    return path;
  return 'root.server';
}

/** Validates the body the form will send with the shared schema and puts each issue on its field. */
export const globalSettingsResolver = bodyResolver<GlobalSettingsValues>(settingsPatchSchema, bodyOf, { fieldOf });
