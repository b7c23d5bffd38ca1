import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/pg/schema.ts',
    './src/server/db/pg/messages-schema.ts',
    './src/server/db/pg/orders-schema.ts',
    './src/server/db/pg/raises-schema.ts',
    './src/server/db/pg/two-factor-schema.ts',
    './src/server/db/pg/moderation-schema.ts',
    './src/server/db/pg/saved-searches-schema.ts',
    './src/server/db/pg/reports-schema.ts',
    './src/server/db/pg/mail-schema.ts',
    './src/server/db/pg/counts-schema.ts',
  ],
  out: './drizzle/pg',
});
