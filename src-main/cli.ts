#!/usr/bin/env node
// The `keydesk` command of a checkout or an npm install (package.json's bin): `keydesk status …` (also the default,
// so `keydesk --line` keeps working) and `keydesk mcp …`.
import { version } from '../package.json';
import { runMcp } from './features/mcp/mcp.command';
import { systemClock } from './platform/system-clock';
import { runStatusCommand } from './features/status/status.cli';

const args = process.argv.slice(2);
process.exitCode =
  args[0] === 'mcp'
    ? await runMcp(
        args.slice(1),
        { stdin: process.stdin, stdout: process.stdout, err: (text) => process.stderr.write(text) },
        { version, now: () => systemClock.now() },
      )
    : await runStatusCommand(args, {
        out: (text) => process.stdout.write(text),
        err: (text) => process.stderr.write(text),
      });
