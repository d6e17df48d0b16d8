/** Labels and titles of the account screens (users, companies, staff, requests, invitations). */
export const ACCOUNTS_TEXT = {} as const;
