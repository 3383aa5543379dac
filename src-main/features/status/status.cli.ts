// `keydesk status` as a command line, shared by its entries: the Node scripts (status.ts, cli.ts: the package's bin and
// `node out/main/status.js`) and the installed desktop app's own executable (index.ts: `/usr/bin/keydesk status`),
// which also answers `keydesk mcp` (launchCommand).
import { systemClock } from '../../platform/system-clock';
import { USAGE, status } from './status.command';

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

/** A command the desktop app's executable answers instead of starting: `keydesk status …` or `keydesk mcp …`. */
export interface LaunchCommand {
  readonly command: 'status' | 'mcp';
  readonly args: string[];
}

/**
 * The command a launch of the desktop app asks for, or null for an ordinary launch. Electron puts the app's own path
 * after the executable when started from a checkout (`electron .`: process.defaultApp), not in an installed app;
 * Chromium's switches (`--no-sandbox`, …) may come first and are skipped.
 */
export function launchCommand(argv: readonly string[], isDefaultApp: boolean): LaunchCommand | null {
  const words = argv.slice(isDefaultApp ? 2 : 1);
  const first = words.findIndex((word) => !word.startsWith('--'));
  const command = words[first];
  if (first === -1 || (command !== 'status' && command !== 'mcp')) return null;
  return { command, args: words.slice(first + 1) };
}

/** The words of a launch that asks for `status`, or null (kept for the status command's own callers). */
export function statusLaunchArgs(argv: readonly string[], isDefaultApp: boolean): string[] | null {
  const launch = launchCommand(argv, isDefaultApp);
  return launch?.command === 'status' ? launch.args : null;
}
