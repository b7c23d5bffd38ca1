// The whole data model: the tables of schema.ts and those an area keeps in a file of its own.
export * from './schema';
export * from './orders-schema';
