// `npm run create-admin -- --email E --password P [--name N]`: creates an admin, or promotes the
// existing account with that email. One line of output; exit 0 on success, 1 on error, 2 on bad usage.
import { parseArgs } from 'node:util';
import { AppError } from '../src/server/domain/errors';
import { openStore } from '../src/server/open-store';
import { loadSettings, SettingsError } from '../src/server/env';
import { createAdminInput, createOrPromoteAdmin } from '../src/server/services/admin-accounts';

const USAGE = 'Usage: npm run create-admin -- --email E --password P [--name N]';

class UsageError extends Error {
  constructor(
    message: string,
    readonly showUsage = true,
  ) {
    super(message);
  }
}

function parseCommandLine(argv: string[]): { email: string; password: string; name?: string } {
  let values: { email?: string; password?: string; name?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(describeParseError(error));
  }
  if (values.email === undefined) throw new UsageError('Missing --email.');
  if (values.password === undefined) throw new UsageError('Missing --password.');
  // Checked here as well as in the service, to name the flag at fault.
  const checked = createAdminInput.safeParse(values);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new UsageError(`Invalid --${String(issue.path[0])}: ${issue.message}.`, false);
  }
  return { email: values.email, password: values.password, ...(values.name === undefined ? {} : { name: values.name }) };
}

/** node:util's messages are long and speak of positionals; this says the same in a few words. */
function describeParseError(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const quoted = /'([^']+)'/.exec(message)?.[1];
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Unknown option ${quoted ?? ''}.`.replace(' .', '.');
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return `Option ${quoted?.split(' ')[0] ?? ''} needs a value.`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `Unexpected argument ${quoted ? `'${quoted}'` : ''}.`;
    default:
      return message.split('\n')[0]!;
  }
}

async function main(): Promise<number> {
  let input;
  try {
    input = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.showUsage ? `${error.message} ${USAGE}` : error.message);
      return 2;
    }
    throw error;
  }

  const settings = loadSettings(process.env);
  const store = await openStore(settings);
  try {
    const { outcome, user } = await createOrPromoteAdmin({ store, now: Date.now }, input);
    const who = `${user.email} (${user.name})`;
    if (outcome === 'created') console.log(`Created admin ${who}.`);
    else if (outcome === 'promoted') console.log(`Promoted ${who} to admin; the password is unchanged.`);
    else console.log(`${who} is already an admin; nothing changed (the password is unchanged).`);
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.kind === 'bad-request') {
      console.error(error.message);
      return 2;
    }
    throw error;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof SettingsError ? message : `create-admin failed: ${message.split('\n')[0]}`);
    process.exit(1);
  },
);
