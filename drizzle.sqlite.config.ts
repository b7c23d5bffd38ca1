import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: [
    './src/server/db/sqlite/schema.ts',
    './src/server/db/sqlite/messages-schema.ts',
    './src/server/db/sqlite/orders-schema.ts',
    './src/server/db/sqlite/raises-schema.ts',
    './src/server/db/sqlite/two-factor-schema.ts',
    './src/server/db/sqlite/moderation-schema.ts',
    './src/server/db/sqlite/saved-searches-schema.ts',
    './src/server/db/sqlite/reports-schema.ts',
    './src/server/db/sqlite/mail-schema.ts',
    './src/server/db/sqlite/counts-schema.ts',
  ],
  out: './drizzle/sqlite',
});
