export * from './contract.ts';
export * from './schemas.ts';
