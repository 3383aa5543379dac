// The account form's rules: URLs as the shared rule judges them (its property test against an independent reading is
// test/unit/shared/rules/url-rules.test.ts), thresholds in yuan converted to units exactly, the draft or patch sent.
import { describe, expect, it } from 'vitest';
import {
  checkThresholds,
  checkUrl,
  draftFromForm,
  emptyForm,
  formFromAccount,
  looksLikeApiAddress,
  parseThreshold,
  patchFromForm,
  tokenStyle,
} from '../../../../src-renderer/src/components/account-form-rules';
import { accountView } from '../account-fixtures';

describe('checkUrl, the shared address rule as the form reads it', () => {
  it.each([
    ['https://gw.example.com', '/api', 'https://gw.example.com'],
    ['  https://gw.example.com/api/  ', '/api', 'https://gw.example.com'],
    ['https://gw.example.com/v1', '/v1', 'https://gw.example.com'],
    ['https://gw.example.com/proxy/V1//', '/v1', 'https://gw.example.com/proxy'],
    ['http://127.0.0.1:3000/', '/api', 'http://127.0.0.1:3000'],
  ] as const)('%s (strip %s) → %s', (input, strip, url) => {
    expect(checkUrl(input, strip)).toEqual({ ok: true, url });
  });

  it.each([
    ['', 'empty'],
    ['gw.example.com', 'format'],
    ['ftp://gw.example.com', 'protocol'],
    ['https://user:pw@gw.example.com', 'credentials'],
    ['https://gw.example.com/?a=1', 'query'],
    ['https://gw.example.com/#x', 'query'],
  ] as const)('refuses %j as %s', (input, problem) => {
    expect(checkUrl(input, '/api')).toEqual({ ok: false, problem });
  });

  it('spots an API address pasted as the base address', () => {
    expect(looksLikeApiAddress('https://gw.example.com/v1')).toBe(true);
    expect(looksLikeApiAddress('https://gw.example.com/V1/ ')).toBe(true);
    expect(looksLikeApiAddress('https://gw.example.com')).toBe(false);
  });
});

describe('thresholds', () => {
  it('converts yuan to units exactly and leaves empty as none', () => {
    expect(parseThreshold('')).toEqual({ ok: true, units: null });
    expect(parseThreshold('5')).toEqual({ ok: true, units: 2_500_000 });
    expect(parseThreshold('¥1,234.56')).toEqual({ ok: true, units: 617_280_000 });
    expect(parseThreshold('0.000002')).toEqual({ ok: true, units: 1 });
    expect(
      parseThreshold('10', { displayType: 'USD', quotaPerUnit: 1000, rate: '1', symbol: '$', price: null }),
    ).toEqual({ ok: true, units: 10_000 });
  });

  it('refuses what it cannot take exactly', () => {
    expect(parseThreshold('abc')).toEqual({ ok: false, problem: 'format' });
    expect(parseThreshold('0.000003')).toEqual({ ok: false, problem: 'precision' });
    expect(parseThreshold('-1')).toEqual({ ok: false, problem: 'negative' });
    expect(parseThreshold('99999999999999999999')).toEqual({ ok: false, problem: 'range' });
  });
});

describe('checkThresholds (the thresholds-only dialog and the account form)', () => {
  const yuanSite = { displayType: 'CNY', quotaPerUnit: 500_000, rate: '1', symbol: '¥', price: null } as const;

  it('reads both amounts in the site currency, empty as none', () => {
    expect(checkThresholds('50', '', yuanSite)).toEqual({
      thresholds: { warnUnits: 25_000_000, criticalUnits: null },
      errors: {},
    });
  });

  it('marks critical above warn on the critical field, and each unreadable amount on its own field', () => {
    expect(checkThresholds('10', '20', yuanSite).errors).toEqual({ critical: 'criticalAboveWarn' });
    expect(checkThresholds('abc', '-1', yuanSite).errors).toEqual({
      warn: 'amount.format',
      critical: 'amount.negative',
    });
  });
});

describe('draftFromForm', () => {
  const base = { ...emptyForm('password'), label: ' Work ', baseUrl: 'https://gw.example.com/api' };

  it('builds the draft main expects: trimmed label, normalised URLs, empty API URL kept empty', () => {
    const checked = draftFromForm({ ...base, username: ' alice ', password: ' p w ', remember: false, warn: '5' });
    expect(checked).toEqual({
      ok: true,
      draft: {
        label: 'Work',
        baseUrl: 'https://gw.example.com',
        apiUrl: '',
        credential: { kind: 'password', username: 'alice', password: ' p w ', remember: false },
        thresholds: { warnUnits: 2_500_000, criticalUnits: null },
      },
    });
  });

  it('marks every missing or wrong field at once', () => {
    const checked = draftFromForm({
      ...emptyForm('password'),
      baseUrl: 'gw.example.com',
      apiUrl: 'ftp://x',
      warn: '1',
      critical: '2',
    });
    expect(checked).toEqual({
      ok: false,
      errors: {
        label: 'required',
        baseUrl: 'url.format',
        apiUrl: 'url.protocol',
        username: 'required',
        password: 'required',
        critical: 'criticalAboveWarn',
      },
    });
    expect(draftFromForm({ ...base, label: 'x'.repeat(61), username: 'a', password: 'b' })).toMatchObject({
      ok: false,
      errors: { label: 'labelTooLong' },
    });
  });

  it('builds token and key credentials, with the optional user id only when given', () => {
    const token = draftFromForm({ ...base, kind: 'access_token', accessToken: ' tok ', userId: '42' });
    expect(token.ok && token.draft.credential).toEqual({ kind: 'access_token', accessToken: 'tok', userId: 42 });
    expect(draftFromForm({ ...base, kind: 'access_token', accessToken: 'tok', userId: 'x' })).toMatchObject({
      ok: false,
      errors: { userId: 'userId' },
    });
    const key = draftFromForm({ ...base, kind: 'api_key', apiKey: 'sk-abc', apiUrl: 'https://api.example.com/v1' });
    expect(key).toMatchObject({
      ok: true,
      draft: { apiUrl: 'https://api.example.com', credential: { kind: 'api_key', apiKey: 'sk-abc' } },
    });
    expect(draftFromForm({ ...base, kind: 'api_key' })).toMatchObject({ ok: false, errors: { apiKey: 'required' } });
  });
});

describe('editing', () => {
  const account = accountView({
    id: 'a',
    label: 'Work',
    baseUrl: 'https://gw.example.com',
    apiUrl: 'https://gw.example.com',
    thresholds: { warnUnits: 2_500_000, criticalUnits: null },
  });

  it('shows an API URL equal to the base as empty, and thresholds in yuan', () => {
    const form = formFromAccount(account);
    expect(form).toMatchObject({ label: 'Work', apiUrl: '', warn: '5', critical: '' });
  });

  it('sends only what changed; an emptied API URL is the base address again', () => {
    expect(patchFromForm(formFromAccount(account), account)).toEqual({ ok: true, patch: {}, credential: null });
    const moved = patchFromForm({ ...formFromAccount(account), baseUrl: 'https://new.example.com/' }, account);
    expect(moved).toEqual({
      ok: true,
      patch: { baseUrl: 'https://new.example.com', apiUrl: 'https://new.example.com' },
      credential: null,
    });
    const split = { ...account, apiUrl: 'https://api.example.com' };
    expect(patchFromForm({ ...formFromAccount(split), apiUrl: '', critical: '1' }, split)).toEqual({
      ok: true,
      patch: { apiUrl: 'https://gw.example.com', thresholds: { warnUnits: 2_500_000, criticalUnits: 500_000 } },
      credential: null,
    });
  });
});

describe('access tokens', () => {
  const NOW_MS = 1_780_000_000_000;
  const token = accountView({ id: 't', accessTokenExpiresAt: 1_780_086_400 });

  it('tells a scoped nap_ token from an older one by its text alone', () => {
    expect([tokenStyle(''), tokenStyle('  nap_abc'), tokenStyle('fake-old-token')]).toEqual([null, 'scoped', 'legacy']);
  });

  it('sends the expiry the user picked with a new account’s token, in Unix seconds, and refuses one already past', () => {
    const form = { ...emptyForm('access_token'), label: 'T', baseUrl: 'https://gw.example.com', accessToken: 'nap_x' };
    const dated = draftFromForm({ ...form, tokenExpiresAt: NOW_MS + 3_600_500 }, NOW_MS);
    expect(dated.ok && dated.draft.credential).toEqual({
      kind: 'access_token',
      accessToken: 'nap_x',
      expiresAt: 1_780_003_600,
    });
    expect(draftFromForm({ ...form, tokenExpiresAt: NOW_MS }, NOW_MS)).toEqual({
      ok: false,
      errors: { tokenExpiresAt: 'tokenExpiryPast' },
    });
    const undated = draftFromForm(form, NOW_MS);
    expect(undated.ok && undated.draft.credential).toEqual({ kind: 'access_token', accessToken: 'nap_x' });
  });

  it('edits either a new token with its own expiry, or the expiry of the token the account has', () => {
    const form = formFromAccount(token);
    expect(form.tokenExpiresAt).toBe(1_780_086_400_000);
    expect(patchFromForm(form, token, NOW_MS)).toEqual({ ok: true, patch: {}, credential: null });
    expect(patchFromForm({ ...form, tokenExpiresAt: null }, token, NOW_MS)).toEqual({
      ok: true,
      patch: { accessTokenExpiresAt: null },
      credential: null,
    });
    // A new token: its expiry goes with it, and the record's old date is not patched separately.
    expect(patchFromForm({ ...form, newAccessToken: ' nap_new ', label: 'Renamed' }, token, NOW_MS)).toEqual({
      ok: true,
      patch: { label: 'Renamed' },
      credential: { kind: 'access_token', accessToken: 'nap_new', expiresAt: 1_780_086_400 },
    });
    // A password account has no token to edit.
    const password = accountView({ id: 'p', kind: 'password' });
    expect(patchFromForm({ ...formFromAccount(password), newAccessToken: 'nap_x' }, password, NOW_MS)).toEqual({
      ok: true,
      patch: {},
      credential: null,
    });
  });
});
