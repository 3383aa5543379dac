// What restoring a backup does to the allowances and hand-off records here, decided before anything is written: each
// file record through the rules a record made here keeps (a known period, mode and time zone, an amount the site can
// hold; a hand-off's bounded place and path), its account found through the accounts the restore lands (an id in a
// file is a reference inside that file), allowances running on this machine, and hand-offs kept as this computer's
// when the backup is this computer's, else as the computer's that made it (read-only: their files are there). Pure.
import { z } from 'zod';
import { isTimeZone } from '../allowance/allowance-periods';
import {
  allowanceRecordSchema,
  MAX_ALLOWANCES,
  portableAllowance,
  type AllowanceRecord,
} from '../allowance/allowance.schema';
import type { ElsewhereRecord } from '../handoff/handoff-elsewhere';
import {
  COHERENT_HANDOFF,
  handoffRecordShape,
  isCoherentHandoff,
  type FileStamp,
  type HandoffRecord,
} from '../handoff/handoff-records';
import type { RestoreMode } from '../../../src-shared/contract';
import type { BackupPayload } from './backup-payload';

/** An allowance in a backup: the record without what belongs to the machine that ran it. */
export const backupAllowanceSchema = allowanceRecordSchema.omit({ pending: true, cap: true, runsOn: true }).strict();
export type BackupAllowance = z.infer<typeof backupAllowanceSchema>;

const backupHandoffSchema = handoffRecordShape
  .extend({ id: z.uuid(), file: handoffRecordShape.shape.file.unwrap().strict().nullable() })
  .strict()
  .refine(isCoherentHandoff, COHERENT_HANDOFF);

/** An allowance as a backup holds it. */
export const toBackupAllowance = (record: AllowanceRecord): BackupAllowance => portableAllowance(record);

export interface RecordsHere {
  readonly allowances: readonly AllowanceRecord[];
  /** This machine's sync device id: what restored allowances run on (null without sync: this machine). */
  readonly deviceId: string | null;
  /** Whether the file's hand-offs were made on this computer (see isThisComputer). */
  readonly isThisComputer: boolean;
}

/**
 * Whether a backup's hand-offs were made on this computer: its computer id is this data folder's, or this data
 * folder has none yet (wiped, or new) and a file one of them wrote still stands here as Keydesk left it.
 */
export async function isThisComputer(
  file: NonNullable<BackupPayload['handoffs']>,
  knownId: string | null,
  isFileHere: (path: string, stamp: FileStamp) => Promise<boolean>,
): Promise<boolean> {
  if (knownId !== null) return knownId === file.computerId;
  for (const raw of file.records.slice(0, MAX_STAMPS_READ)) {
    const parsed = backupHandoffSchema.safeParse(raw);
    if (parsed.success && parsed.data.path !== null && parsed.data.file !== null) {
      if (await isFileHere(parsed.data.path, parsed.data.file)) return true;
    }
  }
  return false;
}

/** The files a restore looks at to tell this computer (each one stat, no contents read). */
const MAX_STAMPS_READ = 50;

export interface RecordsPlan {
  /** The whole allowances document after the restore (written once), or null when the restore leaves it alone. */
  readonly allowances: readonly AllowanceRecord[] | null;
  /** This computer's hand-offs from the file (joined to the ones here). */
  readonly handoffs: readonly HandoffRecord[];
  /** The file's computer id, for this data folder to keep when the file's hand-offs are this computer's. */
  readonly computerId: string | null;
  /** Another computer's hand-offs from the file, by the id they are kept under. */
  readonly elsewhere: readonly (readonly [string, ElsewhereRecord])[];
  readonly allowancesRestored: number;
  readonly handoffsRestored: number;
  /** File allowances and hand-offs that broke a rule, left out. */
  readonly refused: number;
}

/**
 * The plan, from the file and the account ids its accounts land on (`idOfFile`; a record of an account not restored
 * is left out) and the accounts there will be after the restore (`accountIds`). A merge keeps the allowances the
 * file does not name; a replace keeps none of a restored account's but the file's.
 */
export function planRecords(
  payload: BackupPayload,
  idOfFile: ReadonlyMap<string, string>,
  accountIds: ReadonlySet<string>,
  here: RecordsHere,
  mode: RestoreMode,
  newId: () => string,
): RecordsPlan {
  let refused = 0;
  let allowances: AllowanceRecord[] | null = null;
  let allowancesRestored = 0;
  if (payload.allowances !== undefined) {
    const restoredAccounts = new Set(idOfFile.values());
    const list = here.allowances.filter(
      (r) => accountIds.has(r.accountId) && !(mode === 'replace' && restoredAccounts.has(r.accountId)),
    );
    for (const raw of payload.allowances) {
      const parsed = backupAllowanceSchema.safeParse(raw);
      if (!parsed.success || !isTimeZone(parsed.data.timeZone) || parsed.data.updatedAt < parsed.data.createdAt) {
        refused += 1;
        continue;
      }
      const file = parsed.data;
      const accountId = idOfFile.get(file.accountId);
      if (accountId === undefined) continue;
      const at = list.findIndex((r) => r.accountId === accountId && r.keyId === file.keyId);
      const existing = at === -1 ? undefined : list[at];
      if (existing === undefined && list.length >= MAX_ALLOWANCES) {
        refused += 1;
        continue;
      }
      const isIdTaken = list.some((r) => r.id === file.id);
      const record: AllowanceRecord = {
        ...file,
        id: existing?.id ?? (isIdTaken ? newId() : file.id),
        accountId,
        // A refill this machine sent and has not confirmed stays its own to settle; a cap counts afresh.
        pending: existing !== undefined && existing.mode === file.mode ? existing.pending : null,
        cap: null,
        runsOn: here.deviceId,
      };
      if (existing === undefined) list.push(record);
      else list[at] = record;
      allowancesRestored += 1;
    }
    allowances = list;
  }

  const handoffs: HandoffRecord[] = [];
  const elsewhere: [string, ElsewhereRecord][] = [];
  const file = payload.handoffs;
  if (file !== undefined) {
    const device = file.deviceId ?? file.computerId;
    for (const raw of file.records) {
      const parsed = backupHandoffSchema.safeParse(raw);
      if (!parsed.success) {
        refused += 1;
        continue;
      }
      const accountId = idOfFile.get(parsed.data.accountId);
      if (accountId === undefined) continue;
      const record = { ...parsed.data, accountId };
      if (here.isThisComputer) handoffs.push(record);
      else elsewhere.push([`${device}:${record.id}`, { deviceId: device, record, isRestored: true }]);
    }
  }
  return {
    allowances,
    handoffs,
    computerId: file !== undefined && here.isThisComputer ? file.computerId : null,
    elsewhere,
    allowancesRestored,
    handoffsRestored: handoffs.length + elsewhere.length,
    refused,
  };
}
