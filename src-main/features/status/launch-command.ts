// Which command a launch of the desktop app's executable asks for, with no imports: the Electron entry (boot.ts) reads
// it before main's compile cache is on, so it must not pull the status command's code in with it.

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
