// The contract for the files Keydesk wrote with full keys in them (key exports, hand-off snippets saved to a file):
// the list, deleting one, forgetting one. Its types and channels. The setting that deletes them after N days is in
// Settings (app.ts).

/** Still what Keydesk wrote; changed since (edited, replaced: never deleted by Keydesk); or gone. */
export type ExportedFileState = 'present' | 'changed' | 'missing';

export interface ExportedFileView {
  readonly id: string;
  /** Full path of the file as it was written. */
  readonly path: string;
  /** A key export (CSV / JSON) or a hand-off snippet. */
  readonly kind: 'keys' | 'snippet';
  /** Epoch ms. */
  readonly writtenAt: number;
  readonly bytes: number;
  readonly state: ExportedFileState;
}

/** Invoke channels of the files with full keys. */
export interface ExportsInvokeMap {
  /** Every file Keydesk wrote with full keys and still lists, newest first, each checked on disk now. */
  'exports:list': { args: undefined; result: readonly ExportedFileView[] };
  /** Deletes the file, only if it is still exactly what Keydesk wrote; answers the list after. */
  'exports:delete': { args: { readonly id: string }; result: readonly ExportedFileView[] };
  /** Drops the file from the list without touching it (a file changed or moved by the user). */
  'exports:forget': { args: { readonly id: string }; result: readonly ExportedFileView[] };
}

export const EXPORTS_CHANNELS: { readonly [C in keyof ExportsInvokeMap]: true } = {
  'exports:list': true,
  'exports:delete': true,
  'exports:forget': true,
};
