export * from './accounts.ts';
export * from './audit.ts';
export * from './catalog.ts';
export * from './core.ts';
export * from './email.ts';
export * from './finance.ts';
export * from './invoices.ts';
export * from './orders.ts';
