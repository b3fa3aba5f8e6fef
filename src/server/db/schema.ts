// The database's tables, a file a subject in schema/. Everything imports them from here, and drizzle-kit
// (drizzle.config.ts) reads them here to generate the migrations.

export * from './schema/accounts';
export * from './schema/listings';
export * from './schema/catalogue';
export * from './schema/payments';
export * from './schema/alerts';
export * from './schema/leads';
export * from './schema/serverState';
export * from './schema/messages';
export * from './schema/phone';
export * from './schema/stockApi';
export * from './schema/dealerPlans';
export * from './schema/boosts';
