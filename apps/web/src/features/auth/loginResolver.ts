import { loginBodySchema } from '@cab/shared';
import { zodResolver } from '@hookform/resolvers/zod';

/** The sign-in form's checks (the API's own schema), loaded when the form is first used (LoginPage). */
export const loginResolver = zodResolver(loginBodySchema);
