/** The money screens' phone test is the app's (lib/usePhone.ts), shared with the scan lists. */
export { usePhone } from '../../../lib/usePhone.ts';
