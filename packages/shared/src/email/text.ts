/** Labels and titles of the e-mail screens (templates, announcements, outbox). */
export const EMAIL_TEXT = {} as const;
