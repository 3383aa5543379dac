// Importing accounts through the router into a real app against the emulator: an All API Hub backup then a CSV,
// previews without secrets and with the right counts, duplicates (of accounts and of earlier rows) skipped, each
// row added through the add path (verified, credential in the vault), and a failing row leaves no account behind.
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArgsOf, InvokeChannel, ResultOf } from '../../../src-shared/contract';
import { routerCalls } from '../../support/router-calls';
import type { App } from '../../../src-main/app';
import { testApp } from '../../support/test-app';
import type { Gateway } from '../../gateway/index';
import { startEmulator } from '../../support/emulator';

let gw: Gateway;
let dir: string;
let app: App;

const call = <C extends InvokeChannel>(channel: C, args: ArgsOf<C>): Promise<ResultOf<C>> =>
  routerCalls(app.router).value(channel, args);

const fixture = async (name: string): Promise<string> =>
  (await readFile(join(__dirname, '../../fixtures/import', name), 'utf8')).replaceAll(
    'http://gateway.invalid',
    gw.base_url,
  );

const accounts = () => call('accounts:list', undefined);

beforeAll(async () => {
  gw = await startEmulator({ now: Date.now() / 1000, isClockRunning: true });
  dir = await mkdtemp(join(tmpdir(), 'keydesk-import-'));
  app = await testApp(dir);
});

afterAll(async () => {
  await app.dispose();
  await gw.close();
  await rm(dir, { recursive: true, force: true });
});

describe('import through the router', () => {
  it('imports an All API Hub backup: previewed without secrets, duplicates skipped, the failing row not half added', async () => {
    const text = await fixture('all-api-hub-backup.v4.json');
    const preview = await call('import:preview', { fileName: 'backup.json', text });
    expect(preview.format).toBe('all_api_hub');
    // Refused rows first (their reasons are what the user must read), then the others in file order.
    expect(preview.rows.map((r) => [r.name, r.outcome, r.reason?.reason ?? null])).toEqual([
      ['A cookie login', 'refused', 'import.cookie_session'],
      ['A Sub2API site', 'refused', 'import.site_type_unsupported'],
      ['Alice on the demo gateway', 'add', null],
      ['Carol', 'add', null],
      ['Alice again', 'duplicate', null],
      ['A revoked token', 'add', null],
    ]);
    expect(preview.counts).toEqual({ add: 3, duplicate: 1, refused: 2 });
    expect(JSON.stringify(preview)).not.toMatch(/demo-access-token|fake-revoked|fake-cookie/);

    const report = await call('import:confirm', { previewId: preview.previewId });
    expect(report).toMatchObject({ added: 2, failed: 1, skipped: 3 });
    expect(report.rows.find((r) => r.row === 6)).toMatchObject({
      status: 'failed',
      error: { code: 'auth.unauthorized' },
    });

    const listed = await accounts();
    expect(listed.accounts.map((a) => [a.label, a.kind, a.userId, a.state])).toEqual([
      ['Alice on the demo gateway', 'access_token', 1, 'ok'],
      ['Carol', 'access_token', 3, 'ok'],
    ]);
    // Nothing of the failing row on disk either.
    expect(await readFile(join(dir, 'accounts.json'), 'utf8')).not.toContain('A revoked token');
    // The imported credential works: the management client reads the user through it.
    const self = await (await app.accounts.management(listed.accounts[0]?.id ?? '')).getSelf();
    expect(self.ok && self.value.username).toBe('alice');

    // Single use: the credentials were dropped with the confirm.
    const again = await app.router.dispatch('import:confirm', { previewId: preview.previewId }, { transport: 'test' });
    expect(again).toMatchObject({ ok: false, error: { reason: 'import.preview_expired' } });
  });

  it('imports a CSV next: a duplicate of an account already there skipped, each kind added', async () => {
    const text = await fixture('accounts.csv');
    const preview = await call('import:preview', { fileName: 'accounts.csv', text });
    expect(preview.format).toBe('csv');
    expect(preview.rows.map((r) => [r.row, r.kind, r.outcome, r.reason?.reason ?? null])).toEqual([
      [4, null, 'refused', 'import.kind_unknown'],
      [5, 'password', 'refused', 'import.missing_field'],
      [1, 'password', 'add', null],
      [2, 'api_key', 'add', null],
      [3, 'access_token', 'duplicate', null],
    ]);
    expect(preview.counts).toEqual({ add: 2, duplicate: 1, refused: 2 });
    expect(JSON.stringify(preview)).not.toMatch(/demo-password|sk-7rOEW/);

    const report = await call('import:confirm', { previewId: preview.previewId });
    expect(report.rows.filter((r) => r.status === 'failed')).toEqual([]);
    expect(report).toMatchObject({ added: 2, failed: 0, skipped: 3 });
    const listed = await accounts();
    expect(listed.accounts.map((a) => [a.label, a.kind, a.username])).toEqual([
      ['Alice on the demo gateway', 'access_token', 'alice'],
      ['Carol', 'access_token', 'carol'],
      ['Bob, by password', 'password', 'bob'],
      ["Bob's watched key", 'api_key', null],
    ]);
    expect(listed.accounts[2]?.isPasswordRemembered).toBe(true);
    expect(listed.accounts[3]?.keyHint).toBe('sk-7rOE**********Jkrh');
  });

  it('a cancelled preview cannot be confirmed, and a file that is neither format is refused whole', async () => {
    const preview = await call('import:preview', {
      fileName: 'a.csv',
      text: await fixture('accounts.csv'),
    });
    expect(preview.counts).toEqual({ add: 0, duplicate: 3, refused: 2 });
    await call('import:cancel', { previewId: preview.previewId });
    const confirmed = await app.router.dispatch(
      'import:confirm',
      { previewId: preview.previewId },
      { transport: 'test' },
    );
    expect(confirmed).toMatchObject({ ok: false, error: { reason: 'import.preview_expired' } });

    for (const [text, reason] of [
      ['{ not json', 'import.not_json'],
      ['{"hello": 1}', 'import.not_recognised'],
      ['just,some,columns\n1,2,3\n', 'import.not_recognised'],
      ['name,base_url,kind\nx,y,z\n', 'import.csv_header'],
    ] as const) {
      const answer = await app.router.dispatch('import:preview', { fileName: 'f', text }, { transport: 'test' });
      expect(answer).toMatchObject({ ok: false, error: { reason } });
    }
    expect((await accounts()).accounts).toHaveLength(4);
  });
});
