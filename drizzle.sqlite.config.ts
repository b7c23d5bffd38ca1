import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/server/db/sqlite/tables.ts',
  out: './drizzle/sqlite',
});
