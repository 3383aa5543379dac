// The import service without a gateway: the OS open dialog's answers (cancelled, too large, read; none in browser
// mode), duplicates against existing accounts, a preview dropped when its timer fires, a row whose check throws
// reported as failed while the others are written at once, hostile rows refused with no credential echoed, and a
// preview of 100,000 rows answered as counts plus the first rows.
import { describe, expect, it } from 'vitest';
import type { AccountDraft, AccountView, AccountsSnapshot } from '../../../../../src-shared/contract';
import {
  ImportService,
  MAX_LISTED_ROWS,
  type ImportAccounts,
} from '../../../../../src-main/features/import/import.service';
import type { VerifiedCredential } from '../../../../../src-main/features/accounts/account-sign-in';
import type { ChosenFile, OpenFilePort } from '../../../../../src-main/platform/ports';
import { memoryLogger } from '../../../../support/memory-logger';

const CSV = [
  'name,base_url,kind,credential,user_id',
  'One,https://gw.example.invalid,token,fake-token-1,1',
  'Two,https://gw.example.invalid,token,fake-token-2,2',
  'Three,https://gw.example.invalid,token,fake-token-3,3',
].join('\n');

function fakeAccounts(
  existing: Partial<AccountView>[] = [],
  failOn = '',
): ImportAccounts & { drafts: AccountDraft[]; writes: AccountDraft[][] } {
  const drafts: AccountDraft[] = [];
  const writes: AccountDraft[][] = [];
  return {
    drafts,
    writes,
    snapshot: () => ({ accounts: existing, activeId: null }) as unknown as AccountsSnapshot,
    verify: (draft) => {
      drafts.push(draft);
      if (draft.label === failOn) return Promise.reject(new Error('disk full'));
      return Promise.resolve({ ok: true, value: { draft, credential: {} as VerifiedCredential } });
    },
    addVerified: (entries) => {
      writes.push(entries.map((e) => e.draft));
      return Promise.resolve(entries.map((e) => `id-${e.draft.label}`));
    },
    discardVerified: () => Promise.resolve(),
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

  it('skips a row with the same address and user id as an account, whatever the case of the host', async () => {
    const accounts = fakeAccounts([
      { baseUrl: 'https://GW.example.invalid', userId: 2, username: null, keyHint: null },
    ]);
    const preview = await make(accounts).service.preview('a.csv', CSV);
    expect(preview.ok && preview.value.rows.map((r) => r.outcome)).toEqual(['add', 'duplicate', 'add']);
  });

  it('drops a preview and its credentials when its timer fires', async () => {
    const { service, timers: t } = make(fakeAccounts());
    const preview = await service.preview('a.csv', CSV);
    if (!preview.ok) throw new Error('expected a preview');
    expect(t.pending.size).toBe(1);
    for (const run of t.pending.values()) run();
    expect(await service.confirm(preview.value.previewId)).toMatchObject({
      ok: false,
      error: { reason: 'import.preview_expired' },
    });
  });

  it('reports a row whose check throws as failed, writes the others at once; the timer is cleared', async () => {
    const accounts = fakeAccounts([], 'Two');
    const { service, timers: t } = make(accounts);
    const preview = await service.preview('a.csv', CSV);
    if (!preview.ok) throw new Error('expected a preview');
    const report = await service.confirm(preview.value.previewId);
    expect(report.ok && report.value.rows.map((r) => [r.row, r.status])).toEqual([
      [2, 'failed'],
      [1, 'added'],
      [3, 'added'],
    ]);
    expect(accounts.drafts.map((d) => d.label)).toEqual(['One', 'Two', 'Three']);
    // One write for every verified account, not one per row.
    expect(accounts.writes.map((w) => w.map((d) => d.label))).toEqual([['One', 'Three']]);
    expect(t.pending.size).toBe(0);
  });

  it('refuses what Add refuses, and echoes no password, query or control character of a refused row', async () => {
    const hostile = [
      'name,base_url,kind,credential,user_id',
      'Creds,https://alice:fake-url-password@gw.example.invalid,token,fake-token-1,1',
      'Query,https://gw.example.invalid/?key=sk-fake-in-query,token,fake-token-2,2',
      'Script,javascript:alert(1),token,fake-token-3,3',
      '"Bell]0;pwned",https://gw.example.invalid,token,fake-token-4,4',
      `${'N'.repeat(300)},https://gw.example.invalid,token,fake-token-5,5`,
      'Ctl token,https://gw.example.invalid,token,"faketoken",6',
      'Fine,https://gw.example.invalid,token,fake-token-7,7',
    ].join('\n');
    const preview = await make(fakeAccounts()).service.preview('a.csv', hostile);
    if (!preview.ok) throw new Error('expected a preview');
    expect(preview.value.counts).toEqual({ add: 1, duplicate: 0, refused: 6 });
    expect(preview.value.rows.map((r) => [r.row, r.outcome, r.reason?.reason ?? null])).toEqual([
      [1, 'refused', 'address.credentials'],
      [2, 'refused', 'address.query'],
      [3, 'refused', 'address.scheme'],
      [4, 'refused', 'input.label_characters'],
      [5, 'refused', 'input.label_length'],
      [6, 'refused', 'record.credential'],
      [7, 'add', null],
    ]);
    const shown = JSON.stringify(preview.value);
    for (const secret of ['fake-url-password', 'alice', 'sk-fake-in-query', 'fake-token', 'fake\\u001btoken']) {
      expect(shown).not.toContain(secret);
    }
    // eslint-disable-next-line no-control-regex -- no raw control character may be echoed
    expect(shown).not.toMatch(/[\u0000-\u001f]/);
    expect(preview.value.rows[0]?.baseUrl).toBe('https://•••@gw.example.invalid');
  });

  it('answers 100,000 rows from a file under 1 MB with counts and the first rows only', async () => {
    const text = ['name,base_url,kind,credential', ...Array.from({ length: 100_000 }, () => 'n,x,k,c')].join('\n');
    expect(text.length).toBeLessThan(900_000);
    const preview = await make(fakeAccounts()).service.preview('a.csv', text);
    if (!preview.ok) throw new Error('expected a preview');
    expect(preview.value.counts.refused).toBe(100_000);
    expect(preview.value.rows).toHaveLength(MAX_LISTED_ROWS);
    expect(JSON.stringify(preview.value).length).toBeLessThan(100_000);
  });

  it('refuses a file over the size limit before reading it', async () => {
    expect(await make(fakeAccounts()).service.preview('a.csv', 'x'.repeat(900_001))).toMatchObject({
      ok: false,
      error: { reason: 'import.file_too_large' },
    });
  });
});
