/** A person's name as the product shows it (`full_name`): the first and last names, either may be empty. */
export const personName = (first: string, last: string): string => `${first} ${last}`.trim();
