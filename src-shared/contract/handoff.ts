// The contract for "Use this key in…": hand one key to another tool (deep link, snippet or 0600 file). The renderer
// only ever sees a preview with the key masked; main builds the real text on send and hands it to the OS.

export const HANDOFF_TARGETS = [
  'cherry-studio',
  'cc-switch-claude',
  'cc-switch-codex',
  'env',
  'curl',
  'openai-python',
  'openai-node',
  'claude-code',
  'codex',
] as const;
export type HandoffTarget = (typeof HANDOFF_TARGETS)[number];
/**
 * Where a recorded hand-off went: a target above, or `agent`, an MCP client the user let read the full key (its
 * `reveal_key`). Keydesk cannot send a key to an agent, so `agent` is recorded, never offered as a target.
 */
export const HANDOFF_RECORD_TARGETS = [...HANDOFF_TARGETS, 'agent'] as const;
export type HandoffRecordTarget = (typeof HANDOFF_RECORD_TARGETS)[number];

/** How a target's text reaches it: a deep link the OS opens, or a snippet to paste or save. */
export type HandoffKind = 'link' | 'snippet';
export type HandoffVia = 'open' | 'clipboard' | 'file';
/** How a recorded hand-off went: a way above, or `reveal`, an agent's read of the full key (target `agent` only). */
export const HANDOFF_RECORD_VIAS = ['open', 'clipboard', 'file', 'reveal'] as const;
export type HandoffRecordVia = (typeof HANDOFF_RECORD_VIAS)[number];

export interface HandoffDocument {
  /** Where the target reads it (`~/.codex/config.toml`, `.env`), or the link's app; shown as the title. */
  readonly place: string;
  /** The file name a save suggests. */
  readonly fileName: string;
  /** The text with the key masked (`sk-abcd…wxyz`): what will be sent, minus the secret. */
  readonly maskedText: string;
  /** Links: the payload in readable form (Cherry Studio's is base64), key masked; null for snippets. */
  readonly maskedDetail: string | null;
}

export interface HandoffPreview {
  readonly target: HandoffTarget;
  readonly kind: HandoffKind;
  readonly documents: readonly HandoffDocument[];
  readonly maskedKey: string;
  /** The OpenAI-style base (API URL + /v1) and the Anthropic-style base (API URL, no suffix). */
  readonly openaiBaseUrl: string;
  readonly anthropicBaseUrl: string;
  /** Whether the key can call Claude models: true, false, or null when the gateway did not say. */
  readonly servesClaude: boolean | null;
  /** Which ways of sending work here: browser mode has no clipboard and no link opener in main. */
  readonly vias: readonly HandoffVia[];
}

export interface HandoffSendOutcome {
  readonly via: HandoffVia;
  /** clipboard: epoch ms when Keydesk clears it if it still holds the text. */
  readonly clearAt: number | null;
  /** file: where it was written (0600); null when the user cancelled the save dialog. */
  readonly path: string | null;
}

export interface HandoffRef {
  readonly accountId: string;
  readonly id: number;
  readonly target: HandoffTarget;
}

/**
 * One hand-off Keydesk made: which key went to which tool, when, how and (for a file) where. No secret: a rotation
 * reads these to hand the key's twin to the same places.
 */
export interface HandoffRecordView {
  /** Keydesk's own id of the record. */
  readonly id: string;
  readonly accountId: string;
  readonly keyId: number;
  readonly target: HandoffRecordTarget;
  /** Which of the target's documents (Codex has two). */
  readonly document: number;
  readonly via: HandoffRecordVia;
  /**
   * Where the tool reads it (`~/.codex/auth.json`, `Cherry Studio`), as the preview titles it; for an agent, its name
   * and version as the MCP client introduced itself (control characters dropped, bounded).
   */
  readonly place: string;
  /** `file`: the path written; null otherwise. */
  readonly path: string | null;
  /** Epoch ms. */
  readonly at: number;
}

export interface HandoffInvokeMap {
  'handoff:preview': { args: HandoffRef; result: HandoffPreview };
  'handoff:send': { args: HandoffRef & { document: number; via: HandoffVia }; result: HandoffSendOutcome };
  /** Where Keydesk handed a key, the newest per place first (no secret in them). */
  'handoff:records': {
    args: { readonly accountId: string; readonly keyId: number };
    result: readonly HandoffRecordView[];
  };
}

export const HANDOFF_CHANNELS: { readonly [C in keyof HandoffInvokeMap]: true } = {
  'handoff:preview': true,
  'handoff:send': true,
  'handoff:records': true,
};
