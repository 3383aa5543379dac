#!/usr/bin/env node
// `keydesk status` entry (bin `keydesk`, `npm run status`): prints every account's balance, state and age from the
// running Keydesk's local endpoint, else from its cache. See features/status/status.command.ts.
import { runStatusCommand } from './features/status/status.cli';

// `keydesk status` and `keydesk status --json` both work: a leading "status" word is the subcommand's name.
process.exitCode = await runStatusCommand(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
