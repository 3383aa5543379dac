// The rotation records as one document in their config store: read and replaced whole, a record per id (Keydesk's
// own), newest first, bounded (the oldest finished ones go first), and shown as views. Every change is pushed to the
// renderer (rotation:changed) as it is written.
import type { RotationStep, RotationView } from '../../../src-shared/contract';
import type { EventBus } from '../../event-bus';
import { entriesOf, entryOf, idRecordOf } from '../../id-record';
import type { DocumentStore } from '../../vault/config.store';
import { disableAt, isFinished } from './rotation-rules';
import { MAX_ROTATIONS, type RotationDocument, type RotationRecord } from './rotation.schema';

export class RotationRecords {
  constructor(
    private readonly store: DocumentStore<RotationDocument>,
    private readonly events: Pick<EventBus, 'emit'>,
  ) {}

  /** Newest first. */
  all(): RotationRecord[] {
    return entriesOf(this.store.read().rotations)
      .map(([, r]) => r)
      .sort((a, b) => b.startedAt - a.startedAt);
  }

  get(id: string): RotationRecord | undefined {
    return entryOf(this.store.read().rotations, id);
  }

  /** A rotation of this key still under way. */
  runningFor(accountId: string, keyId: number): RotationRecord | undefined {
    return this.all().find((r) => r.accountId === accountId && r.oldKeyId === keyId && !isFinished(r.state));
  }

  put(record: RotationRecord): RotationRecord {
    const others = this.all().filter((r) => r.id !== record.id);
    let kept = [record, ...others];
    // Past the bound the oldest finished rotations go; one under way is never dropped.
    while (kept.length > MAX_ROTATIONS) {
      const oldest = kept.findLastIndex((r) => isFinished(r.state));
      if (oldest === -1) break;
      kept = kept.filter((_, i) => i !== oldest);
    }
    this.store.write({ rotations: idRecordOf(kept.map((r) => [r.id, r] as const)) });
    this.events.emit('rotation:changed', this.view(record));
    return record;
  }

  /** A removed account's rotations go with it. */
  keepAccounts(known: ReadonlySet<string>): void {
    const all = this.all();
    const kept = all.filter((r) => known.has(r.accountId));
    if (kept.length !== all.length) this.store.write({ rotations: idRecordOf(kept.map((r) => [r.id, r] as const)) });
  }

  view(record: RotationRecord): RotationView {
    return {
      id: record.id,
      accountId: record.accountId,
      oldKeyId: record.oldKeyId,
      oldKeyName: record.oldKeyName,
      newKeyId: record.newKeyId,
      newKeyName: record.newKeyName,
      startedAt: record.startedAt,
      idleMinutes: record.idleMinutes,
      deleteAfterDays: record.deleteAfterDays,
      state: record.state,
      steps: record.steps.map((s): RotationStep => ({
        id: s.id,
        kind: s.kind,
        state: s.state,
        handoff: s.handoff,
        note: s.note,
        error: s.error,
        at: s.at,
      })),
      oldKeyLastUseSeenAt: record.oldKeyLastUseSeenAt,
      oldKeyReadAt: record.oldKeyReadAt,
      disableAt: disableAt(record),
      oldKeyDisabledAt: record.oldKeyDisabledAt,
      deleteOfferAt: record.deleteOfferAt,
      finishedAt: record.finishedAt,
      error: record.error,
    };
  }
}
