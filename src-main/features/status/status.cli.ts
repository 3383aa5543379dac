// `keydesk status` as a command line, shared by its entries: the Node scripts (status.ts, cli.ts: the package's bin and
// `node out/main/status.js`) and the installed desktop app's own executable (index.ts: `/usr/bin/keydesk status`),
// which also answers `keydesk mcp` (launchCommand).
import { systemClock } from '../../platform/system-clock';
import { USAGE, status } from './status.command';
import { launchCommand } from './launch-command';

export { launchCommand, type LaunchCommand } from './launch-command';

export interface StatusStreams {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** Runs the command with the words after `keydesk` (a leading `status` is the subcommand's name); answers the exit code. */
export function runStatusCommand(args: readonly string[], streams: StatusStreams): Promise<number> {
  return status(args[0] === 'status' ? args.slice(1) : [...args], streams.out, streams.err, {
    now: () => systemClock.now(),
  }).catch((error: unknown) => {
    streams.err(`keydesk status: ${(error as Error).message}\n${USAGE}`);
    return 2;
  });
}

/** The words of a launch that asks for `status`, or null (kept for the status command's own callers). */
export function statusLaunchArgs(argv: readonly string[], isDefaultApp: boolean): string[] | null {
  const launch = launchCommand(argv, isDefaultApp);
  return launch?.command === 'status' ? launch.args : null;
}
