// A rotation test app: the real rotation, hand-off and allowance services over the real keys service against the
// emulator, with the hand-off's sinks on this machine's terms: a recording link opener, a clipboard in memory and
// files in a temporary folder. Keydesk's clock is a fake one moved with the emulator's.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { EventBus } from '../../../src-main/event-bus';
import { handedFiles } from '../../../src-main/features/handoff/handoff-files';
import { EMPTY_HANDOFF_RECORDS, HandoffRecords } from '../../../src-main/features/handoff/handoff-records';
import { HandoffService } from '../../../src-main/features/handoff/handoff.service';
import { createKeyFeatures } from '../../../src-main/features/keys';
import { RotationRecords } from '../../../src-main/features/rotation/rotation.records';
import type { RotationDocument } from '../../../src-main/features/rotation/rotation.schema';
import { RotationService } from '../../../src-main/features/rotation/rotation.service';
import { RotationSteps } from '../../../src-main/features/rotation/rotation.steps';
import { emptyIdRecord } from '../../../src-main/id-record';
import { writeNewPrivateFile } from '../../../src-main/platform/private-file';
import type { AlertView, RotationAlertView } from '../../../src-shared/contract';
import type { Gateway } from '../../gateway/index';
import { memoryLogger } from '../../support/memory-logger';
import { recordingLogger } from '../../unit/main/gateway/fakes';
import { MemoryStore } from '../../unit/main/features/quota/fakes';
import { allowanceApp, setBoth } from '../allowance/setup';

export function rotationApp(gw: Gateway, start: number) {
  const base = allowanceApp(gw, start);
  const { clock } = base;
  const folder = mkdtempSync(join(tmpdir(), 'keydesk-rotation-'));
  const { directory } = base;
  let board = '';
  const opened: string[] = [];
  const features = createKeyFeatures({
    directory,
    clipboard: {
      isAvailable: true,
      readText: () => Promise.resolve(board),
      writeText: (text) => {
        board = text;
        return Promise.resolve();
      },
      clear: () => {
        board = '';
      },
    },
    files: { save: (name, text) => writeNewPrivateFile(folder, name, text) },
    clock,
    log: recordingLogger(),
  });
  const handoffRecords = new HandoffRecords(new MemoryStore(EMPTY_HANDOFF_RECORDS), () => clock.now());
  const handoff = new HandoffService(
    {
      account: () => ({ label: 'Work', baseUrl: gw.base_url, apiUrl: gw.api_url }),
      key: (accountId, id) => features.keys.get(accountId, id),
      fullKey: async (accountId, id) => features.secrets.fullKey(accountId, await directory.management(accountId), id),
      models: async (accountId, apiKey) => {
        const listed = await (await directory.keyClient(accountId, apiKey)).listModels();
        return listed.ok ? { ok: true, value: listed.value.map((m) => m.id) } : listed;
      },
    },
    {
      clipboard: features.clipboard,
      files: { save: (name, text) => writeNewPrivateFile(folder, name, text) },
      links: {
        isAvailable: true,
        open: (url) => {
          opened.push(url);
          return Promise.resolve();
        },
      },
      fileDialogTitle: () => 'Save',
    },
    memoryLogger().log,
    () => clock.now(),
    { records: handoffRecords, files: handedFiles },
  );
  const store = new MemoryStore<RotationDocument>({ rotations: emptyIdRecord() });
  const events = new EventBus();
  const makeRotation = () => {
    const records = new RotationRecords(store, events);
    const steps = new RotationSteps({
      records,
      keys: features.keys,
      handoff,
      allowance: base.service,
      now: () => clock.now(),
    });
    return new RotationService({
      records,
      steps,
      keys: features.keys,
      handoffs: handoff,
      allowances: base.service,
      directory,
      alerts: base.alerts,
      clock,
      log: memoryLogger().log,
      newId: () => `rotation-${String(clock.now())}`,
    });
  };
  let rotation = makeRotation();
  rotation.resume();
  return {
    ...base,
    keys: features.keys,
    handoff,
    handoffRecords,
    folder,
    opened,
    clipboard: () => board,
    store,
    get rotation() {
      return rotation;
    },
    /** Quits and starts again over the same records: unfinished rotations go on. */
    async restartRotation(): Promise<void> {
      await rotation.dispose();
      rotation = makeRotation();
      rotation.resume();
      await rotation.idle();
    },
    /** Moves both clocks to `at`, letting the watch's timers fire on the way, and waits for what they started. */
    async watchUntil(at: number): Promise<void> {
      await setBoth(gw, clock, at);
      await rotation.idle();
      await clock.advance(0);
      await rotation.idle();
    },
    rotationAlerts: (): RotationAlertView[] =>
      base.alerts.list().filter((a: AlertView): a is RotationAlertView => a.kind === 'rotation'),
    async close(): Promise<void> {
      await rotation.dispose();
      await base.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
