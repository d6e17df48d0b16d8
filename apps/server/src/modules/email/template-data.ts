import { personName, WEB_TEXT } from '@cab/shared';
import type { Config } from '../../config.ts';

/** Who a mail is to, as every template names it: `user.first_name`, `last_name`, `full_name`, `email`. */
export const userData = (u: { firstName: string; lastName: string; email: string }) => ({
  first_name: u.firstName,
  last_name: u.lastName,
  full_name: personName(u.firstName, u.lastName),
  email: u.email,
});

/** The product as every template names it: `app.name`, `app.url`. */
export const appData = (config: Pick<Config, 'publicUrl'>) => ({ name: WEB_TEXT.appName, url: config.publicUrl });
