// Every table of the PostgreSQL database: schema.ts, and the tables kept in files of their own
// since schema.ts grew long. What opens the database and runs its units takes its tables here.
export * from './schema';
export * from './messages-schema';
export * from './orders-schema';
export * from './raises-schema';
export * from './two-factor-schema';
export * from './moderation-schema';
export * from './saved-searches-schema';
export * from './reports-schema';
export * from './mail-schema';
export * from './counts-schema';
