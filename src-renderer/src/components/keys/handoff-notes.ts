// What "Use this key in…" says before a deep link is opened, without Vue. On Linux and Windows the system starts the
// target app with the link as a command-line argument (Cherry Studio: electron's second-instance argv and its
// `Exec=… %U` desktop entry, CherryHQ/cherry-studio src/main/index.ts and src/main/services/ProtocolClient.ts; CC Switch:
// tauri-plugin-single-instance's args, farion1231/cc-switch src-tauri/src/lib.rs), where other programs on the computer
// can read it while it starts. Neither takes the key another way (CC Switch refuses `configUrl`, "not yet supported",
// src-tauri/src/deeplink/provider.rs parse_and_merge_config; Cherry Studio reads only the link's `data`,
// src/main/services/urlschema/handle-providers.ts), so the note names the way that keeps it off the command line.
// macOS hands the link over by an Apple event, not a command line.
import type { HandoffPreview } from '../../../../src-shared/contract';

/** The i18n key of the note, or null when the link travels no command line here (or is not opened from here). */
export function commandLineNoteKey(
  preview: Pick<HandoffPreview, 'kind' | 'target' | 'vias'> | null,
  platform: string | undefined,
): string | null {
  if (preview?.kind !== 'link' || !preview.vias.includes('open')) return null;
  if (platform !== 'linux' && platform !== 'win32') return null;
  return `handoff.commandLine.${preview.target === 'cherry-studio' ? 'cherry' : 'ccSwitch'}`;
}
