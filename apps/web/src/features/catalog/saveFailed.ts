import { MSG } from '@cab/shared';

/** The snackbars of a catalogue form whose save failed, naming what was saved ("Premium", "Category", …). */
export const saveFailed = (what: string) => ({
  fields: MSG.premiumSaveFieldErrors(what),
  other: MSG.premiumSaveFailed(what),
});
