/** Labels and titles of the self-service settings screens (profile, addresses, global, reset password). */
export const SETTINGS_TEXT = {} as const;
