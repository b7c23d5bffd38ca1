import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/pg/tables.ts',
  out: './drizzle/pg',
});
