export * from './books.ts';
export * from './contract.ts';
export * from './messages.ts';
export * from './payouts.ts';
export * from './pdf-text.ts';
export * from './reports.ts';
export * from './schemas.ts';
