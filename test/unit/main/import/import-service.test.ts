// The import service without a gateway: the OS open dialog's answers (cancelled, too large, read; none in browser
// mode), duplicates against existing accounts, a preview dropped when its timer fires, and a row whose add throws
// reported as failed while the next rows still import.
import { describe, expect, it } from 'vitest';
import type {
  AccountDraft,
  AccountView,
  AccountsSnapshot,
  Result,
  SignInOutcome,
} from '../../../../src-shared/contract';
import { ImportService, type ImportAccounts } from '../../../../src-main/features/import/import.service';
import type { ChosenFile, OpenFilePort } from '../../../../src-main/platform/ports';
import { memoryLogger } from '../../../support/memory-logger';

const CSV = [
  'name,base_url,kind,credential,user_id',
  'One,https://gw.example.invalid,token,fake-token-1,1',
  'Two,https://gw.example.invalid,token,fake-token-2,2',
  'Three,https://gw.example.invalid,token,fake-token-3,3',
].join('\n');

function fakeAccounts(existing: Partial<AccountView>[] = [], failOn = ''): ImportAccounts & { drafts: AccountDraft[] } {
  const drafts: AccountDraft[] = [];
  return {
    drafts,
    snapshot: () => ({ accounts: existing, activeId: null }) as unknown as AccountsSnapshot,
    add: (draft): Promise<Result<SignInOutcome>> => {
      drafts.push(draft);
      if (draft.label === failOn) return Promise.reject(new Error('disk full'));
      const account = { id: `id-${draft.label}` } as AccountView;
      return Promise.resolve({ ok: true, value: { status: 'done', account } });
    },
  };
}

function timers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  return {
    pending,
    clock: {
      setTimer: (_ms: number, run: () => void) => {
        next += 1;
        pending.set(next, run);
        return next;
      },
      clearTimer: (handle: unknown) => {
        pending.delete(handle as number);
      },
    },
  };
}

const port = (answer: ChosenFile): OpenFilePort & { titles: string[] } => {
  const titles: string[] = [];
  return {
    titles,
    choose: (title) => {
      titles.push(title);
      return Promise.resolve(answer);
    },
  };
};

const make = (accounts: ImportAccounts, openFile: OpenFilePort | null = null) => {
  const t = timers();
  const service = new ImportService({
    accounts,
    clock: t.clock,
    log: memoryLogger().log,
    openFile,
    dialogTitle: () => 'Import accounts',
  });
  return { service, timers: t };
};

describe('ImportService', () => {
  it('reads the file main chose with the OS dialog; a cancel answers null; a large file is refused unread', async () => {
    const read = port({ status: 'read', name: 'a.csv', bytes: new TextEncoder().encode(CSV) });
    const chosen = await make(fakeAccounts(), read).service.chooseFile();
    expect(chosen.ok && chosen.value?.counts).toEqual({ add: 3, duplicate: 0, refused: 0 });
    expect(read.titles).toEqual(['Import accounts']);
    expect(await make(fakeAccounts(), port({ status: 'cancelled' })).service.chooseFile()).toEqual({
      ok: true,
      value: null,
    });
    expect(await make(fakeAccounts(), port({ status: 'too_large' })).service.chooseFile()).toMatchObject({
      ok: false,
      error: { reason: 'import.file_too_large' },
    });
    expect(await make(fakeAccounts(), null).service.chooseFile()).toEqual({
      ok: false,
      error: { code: 'unavailable' },
    });
  });

  it('skips a row with the same address and user id as an account, whatever the case of the host', () => {
    const accounts = fakeAccounts([
      { baseUrl: 'https://GW.example.invalid', userId: 2, username: null, keyHint: null },
    ]);
    const preview = make(accounts).service.preview('a.csv', CSV);
    expect(preview.ok && preview.value.rows.map((r) => r.outcome)).toEqual(['add', 'duplicate', 'add']);
  });

  it('drops a preview and its credentials when its timer fires', async () => {
    const { service, timers: t } = make(fakeAccounts());
    const preview = service.preview('a.csv', CSV);
    if (!preview.ok) throw new Error('expected a preview');
    expect(t.pending.size).toBe(1);
    for (const run of t.pending.values()) run();
    expect(await service.confirm(preview.value.previewId)).toMatchObject({
      ok: false,
      error: { reason: 'import.preview_expired' },
    });
  });

  it('reports a row whose add throws as failed and goes on with the next rows; the timer is cleared', async () => {
    const accounts = fakeAccounts([], 'Two');
    const { service, timers: t } = make(accounts);
    const preview = service.preview('a.csv', CSV);
    if (!preview.ok) throw new Error('expected a preview');
    const report = await service.confirm(preview.value.previewId);
    expect(report.ok && report.value.rows.map((r) => r.status)).toEqual(['added', 'failed', 'added']);
    expect(accounts.drafts.map((d) => d.label)).toEqual(['One', 'Two', 'Three']);
    expect(t.pending.size).toBe(0);
  });

  it('refuses a file over the size limit before reading it', () => {
    expect(make(fakeAccounts()).service.preview('a.csv', 'x'.repeat(900_001))).toMatchObject({
      ok: false,
      error: { reason: 'import.file_too_large' },
    });
  });
});
