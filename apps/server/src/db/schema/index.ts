/** The drizzle description of the tables created by apps/server/migrations/*.sql. */
export * from './partners.ts';
export * from './contracts.ts';
export * from './events.ts';
export * from './claims.ts';
export * from './contractTypes.ts';
export * from './uploads.ts';
export * from './files.ts';
export * from './public.ts';
