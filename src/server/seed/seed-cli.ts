// `npm run seed`: adds the demo data that is missing from the configured database, and says what it added.
import { createDeps } from '../deps';
import { loadSettings, SettingsError } from '../env';
import { databaseName, openStore } from '../open-store';
import { seed } from './seed';

async function main(): Promise<void> {
  const settings = loadSettings(process.env);
  const deps = createDeps(settings, { store: await openStore(settings) });
  try {
    const added = await seed(deps);
    const total = added.users + added.auctions + added.bids;
    console.log(
      total === 0
        ? `Demo data already present in ${databaseName(settings)}: nothing added`
        : `Added ${added.users} users, ${added.auctions} auctions, ${added.bids} bids to ${databaseName(settings)}`,
    );
  } finally {
    await deps.store.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof SettingsError ? message : `Seeding failed: ${message.split('\n')[0]}`);
  process.exit(1);
});
