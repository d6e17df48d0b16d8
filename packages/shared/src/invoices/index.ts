export * from './contract.ts';
export * from './messages.ts';
export * from './schemas.ts';
