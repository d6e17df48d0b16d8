/** The order screens' calendar day: the app's one day format (lib/format.ts). */
export { formatDay } from '../../../lib/format.ts';
