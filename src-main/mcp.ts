#!/usr/bin/env node
// `keydesk mcp` from a checkout (`node out/main/mcp.js`): the MCP server on stdin/stdout. See features/mcp.
import { version } from '../package.json';
import { runMcp } from './features/mcp/mcp.command';
import { systemClock } from './platform/system-clock';

// A leading "mcp" is the subcommand's name (`node out/main/mcp.js mcp` works too).
const args = process.argv.slice(2);
process.exitCode = await runMcp(
  args[0] === 'mcp' ? args.slice(1) : args,
  {
    stdin: process.stdin,
    stdout: process.stdout,
    err: (text) => process.stderr.write(text),
  },
  { version, now: () => systemClock.now() },
);
