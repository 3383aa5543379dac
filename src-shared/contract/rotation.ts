// The contract for rotating a key in one step: a twin is created with the old key's settings, handed to every place
// Keydesk handed the old key, and the old key is watched, disabled once idle, and offered for deletion a few days
// later. Its types, channels and event.
import type { AllowanceView } from './allowance';
import type { AppError } from './errors';
import type { HandoffRecordVia, HandoffRecordView, HandoffVia } from './handoff';
import type { KeyFields, KeyView } from './keys';

/** Choices the rotate dialog offers for "disable the old key once it has been idle for…" (0 = at once). */
export const ROTATION_IDLE_MINUTES = [0, 15, 60, 360, 1440] as const;
/** Days after the old key is disabled before Keydesk offers to delete it. */
export const ROTATION_DELETE_AFTER_DAYS = 3;

/** What "Rotate…" would do, read before anything is created (one read of the key). */
export interface RotationPlan {
  readonly key: KeyView;
  /** The twin's settings: the old key's name, quota left, group, model and IP limits, expiry. */
  readonly twin: KeyFields;
  /** The places Keydesk handed the old key (the newest per place), each repeated with the twin. */
  readonly handoffs: readonly HandoffRecordView[];
  /**
   * Where other machines handed the old key (their hand-off records, synced; newest first). This rotation does not
   * reach them: the user rotates there, or hands the new key on from that machine.
   */
  readonly elsewhere: readonly HandoffElsewhereView[];
  /** The old key's allowance, which moves to the twin. */
  readonly allowance: AllowanceView | null;
  /** A rotation of this key already under way (a second is refused while it runs). */
  readonly running: RotationView | null;
}

/** A hand-off of the key made on another machine. */
export interface HandoffElsewhereView {
  /** The machine's name as its entry in the sync folder says; null when it left the folder. */
  readonly deviceName: string | null;
  readonly target: HandoffRecordView['target'];
  readonly via: HandoffRecordVia;
  readonly place: string;
  readonly at: number;
}

export type RotationState =
  | 'running' // creating the twin and repeating the hand-offs
  | 'watching' // waiting for the old key to be idle
  | 'old_disabled' // the old key is disabled; deletion is offered later
  | 'delete_offered' // Keydesk offers to delete the old key (the user confirms)
  | 'done' // the old key was deleted
  | 'stopped' // the user stopped it: nothing more happens
  | 'failed'; // a step could not go on (the error says which)

export type RotationStepKind = 'create' | 'handoff' | 'disable' | 'delete';
/** `needs_you`: a step only the user can do (a snippet to copy again, a file changed since Keydesk wrote it). */
export type RotationStepState = 'pending' | 'running' | 'done' | 'failed' | 'needs_you' | 'skipped';

/** Why a hand-off step waits for the user. */
export type RotationStepNote =
  | 'copy_again' // a snippet went to the clipboard: copying the twin's is the user's click
  | 'file_changed' // the file Keydesk wrote was changed since: it is not overwritten
  | 'file_missing' // the file Keydesk wrote is gone (moved or deleted)
  | 'no_link_opener' // this mode cannot open links (browser mode): use the desktop app or another way
  | 'agent_reads_again'; // an agent read the old key: Keydesk cannot push the twin, the agent reads it (reveal_key)

export interface RotationStep {
  /** `create`, `disable`, `delete`, or `handoff:<hand-off record id>`. */
  readonly id: string;
  readonly kind: RotationStepKind;
  readonly state: RotationStepState;
  /** Hand-off steps: the hand-off of the old key being repeated. */
  readonly handoff: HandoffRecordView | null;
  readonly note: RotationStepNote | null;
  readonly error: AppError | null;
  /** Epoch ms when it finished (done, failed or skipped); null before. */
  readonly at: number | null;
}

export interface RotationView {
  /** Keydesk's own id of the rotation. */
  readonly id: string;
  readonly accountId: string;
  readonly oldKeyId: number;
  readonly oldKeyName: string;
  /** The twin's id once it is created and found; null before (or when it could not be told apart). */
  readonly newKeyId: number | null;
  readonly newKeyName: string;
  readonly startedAt: number;
  /** Disable the old key once it has been idle this long; 0 = at once. */
  readonly idleMinutes: number;
  readonly deleteAfterDays: number;
  readonly state: RotationState;
  readonly steps: readonly RotationStep[];
  /** Epoch ms (Keydesk's clock) of the last read that saw the old key used; null while none has. */
  readonly oldKeyLastUseSeenAt: number | null;
  /** Epoch ms of the last read of the old key; null before the first. */
  readonly oldKeyReadAt: number | null;
  /** Epoch ms when the old key is disabled if no use is seen before (null when not watching). */
  readonly disableAt: number | null;
  readonly oldKeyDisabledAt: number | null;
  /** Epoch ms from which deleting the old key is offered. */
  readonly deleteOfferAt: number | null;
  readonly finishedAt: number | null;
  readonly error: AppError | null;
}

/** Invoke channels of rotation. */
export interface RotationInvokeMap {
  /** What rotating the key would do: its twin and the hand-offs to repeat (one read of the key). */
  'rotation:plan': { args: { readonly accountId: string; readonly keyId: number }; result: RotationPlan };
  /** Starts a rotation; answers at once (the steps run on, each reported by rotation:changed). */
  'rotation:start': {
    args: { readonly accountId: string; readonly keyId: number; readonly idleMinutes: number };
    result: RotationView;
  };
  /** Rotations, newest first (one account's when given), finished ones included (bounded). */
  'rotation:list': { args: { readonly accountId?: string }; result: readonly RotationView[] };
  /** Stops a rotation: no further step runs; nothing done is undone. */
  'rotation:stop': { args: { readonly id: string }; result: RotationView };
  /**
   * Repeats one hand-off step with the twin: the way it went before, or `via` (a snippet copied again, or saved as a
   * new file where the one Keydesk wrote has changed).
   */
  'rotation:repeatStep': {
    args: { readonly id: string; readonly stepId: string; readonly via?: HandoffVia };
    result: RotationView;
  };
  /** Deletes the old key (the renderer asks the user first); only once it is disabled by the rotation. */
  'rotation:deleteOld': { args: { readonly id: string }; result: RotationView };
}

export const ROTATION_CHANNELS: { readonly [C in keyof RotationInvokeMap]: true } = {
  'rotation:plan': true,
  'rotation:start': true,
  'rotation:list': true,
  'rotation:stop': true,
  'rotation:repeatStep': true,
  'rotation:deleteOld': true,
};

export interface RotationEventMap {
  /** A rotation moved on (a step done, the old key disabled…). */
  'rotation:changed': RotationView;
}
export const ROTATION_EVENTS: { readonly [E in keyof RotationEventMap]: true } = {
  'rotation:changed': true,
};
