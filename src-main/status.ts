#!/usr/bin/env node
// `keydesk status` entry (bin `keydesk`, `npm run status`): prints every account's balance, state and age from the
// running Keydesk's local endpoint, else from its cache. See features/status/status.command.ts.
import { USAGE, status } from './features/status/status.command';

// `keydesk status` and `keydesk status --json` both work: a leading "status" word is the subcommand's name.
const args = process.argv.slice(2);
const code = await status(
  args[0] === 'status' ? args.slice(1) : args,
  (text) => process.stdout.write(text),
  (text) => process.stderr.write(text),
).catch((error: unknown) => {
  process.stderr.write(`keydesk status: ${(error as Error).message}\n${USAGE}`);
  return 2;
});
process.exitCode = code;
