// Key records → KeyView: derived state (expiry passed while status says 1, exhausted, disabled), masking, and the
// KeyFields → gateway shapes; the clipboard guard; CSV cells that a spreadsheet would not execute.
import { describe, expect, it, vi } from 'vitest';
import { ClipboardGuard } from '../../../../../src-main/features/keys/clipboard-guard';
import { csvCell } from '../../../../../src-main/features/keys/key-secrets.service';
import { deriveKeyState, toCreateInput, toKeyEdits, toKeyView } from '../../../../../src-main/features/keys/key-view';
import type { KeyRecord } from '../../../../../src-main/gateway';
import { NO_MODEL_LIMITS } from '../../../../../src-shared/contract';

const NOW = 1_780_000_000;
const record = (overrides: Partial<KeyRecord> = {}): KeyRecord => ({
  id: 7,
  key: 'sk-abcd**********wxyz',
  isMasked: true,
  status: 1,
  name: 'k',
  created_time: NOW - 10,
  accessed_time: NOW - 5,
  expired_time: -1,
  remain_quota: 100,
  unlimited_quota: false,
  model_limits_enabled: false,
  model_limits: '',
  allow_ips: '',
  used_quota: 0,
  group: '',
  ...overrides,
});

describe('deriveKeyState', () => {
  it('reads expired when the expiry has passed though status still says 1', () => {
    expect(deriveKeyState(record({ expired_time: NOW }), NOW)).toBe('expired');
    expect(deriveKeyState(record({ expired_time: NOW + 1 }), NOW)).toBe('enabled');
    expect(deriveKeyState(record({ status: 3, expired_time: NOW + 100 }), NOW)).toBe('expired');
  });

  it('reads exhausted for a limited key at or below zero, never for an unlimited one', () => {
    expect(deriveKeyState(record({ remain_quota: 0 }), NOW)).toBe('exhausted');
    expect(deriveKeyState(record({ remain_quota: -5, unlimited_quota: true }), NOW)).toBe('enabled');
    expect(deriveKeyState(record({ status: 2, remain_quota: 0 }), NOW)).toBe('exhausted');
    expect(deriveKeyState(record({ status: 4, remain_quota: 10 }), NOW)).toBe('exhausted');
  });

  it('reads disabled for status 2 otherwise, and tolerates search items without quota or expiry', () => {
    expect(deriveKeyState(record({ status: 2 }), NOW)).toBe('disabled');
    expect(deriveKeyState({ status: 1, unlimited_quota: false }, NOW)).toBe('enabled');
  });
});

describe('toKeyView', () => {
  it('keeps masked keys and masks a whole key an old server sent', () => {
    expect(toKeyView('a', record(), NOW).maskedKey).toBe('sk-abcd**********wxyz');
    const whole = toKeyView('a', record({ key: 'sk-0123456789abcdef', isMasked: false }), NOW);
    expect(whole.maskedKey).toBe('sk-0123**********cdef');
  });

  it('gives every key without model limits the one shared, frozen empty list', () => {
    const none = [record(), record({ id: 8, model_limits: ' , ' })];
    for (const r of none) expect(toKeyView('a', r, NOW).modelLimits).toBe(NO_MODEL_LIMITS);
    expect(Object.isFrozen(NO_MODEL_LIMITS)).toBe(true);
  });

  it('splits model limits and maps search items with unknown fields to null', () => {
    expect(toKeyView('a', record({ model_limits: 'gpt-4o, o1 ,' }), NOW).modelLimits).toEqual(['gpt-4o', 'o1']);
    const search = toKeyView(
      'a',
      {
        id: 1,
        key: 'sk-ab**cd',
        isMasked: true,
        status: 1,
        name: 'n',
        unlimited_quota: false,
        used_quota: 3,
        group: 'g',
      },
      NOW,
    );
    expect(search).toMatchObject({ remainQuota: null, expiredTime: null, createdTime: null, usedQuota: 3 });
  });
});

describe('KeyFields → gateway', () => {
  it('builds a full create body and edits with only the touched fields', () => {
    expect(
      toCreateInput({
        name: 'n',
        remainQuota: 1,
        unlimitedQuota: false,
        expiredTime: -1,
        group: '企业',
        modelLimitsEnabled: true,
        modelLimits: [' a', 'b '],
        allowIps: '1.1.1.1\n 2.2.2.2',
      }),
    ).toEqual({
      name: 'n',
      remain_quota: 1,
      unlimited_quota: false,
      expired_time: -1,
      group: '企业',
      model_limits_enabled: true,
      model_limits: 'a,b',
      // One address per line: real servers delete a comma inside a line and glue the addresses together.
      allow_ips: '1.1.1.1\n2.2.2.2',
    });
    expect(toKeyEdits({ name: 'x', modelLimits: [] })).toEqual({ name: 'x', model_limits: '' });
    expect(toKeyEdits({ allowIps: '1.1.1.1, 2.2.2.2' })).toEqual({ allow_ips: '1.1.1.1\n2.2.2.2' });
  });

  it('shows a stored allowlist one address per line, and a null one as no limit', () => {
    expect(toKeyView('a', record({ allow_ips: '1.1.1.1,2.2.2.2' }), NOW).allowIps).toBe('1.1.1.1\n2.2.2.2');
    expect(toKeyView('a', record({ allow_ips: '1.1.1.1\n2.2.2.2' }), NOW).allowIps).toBe('1.1.1.1\n2.2.2.2');
    expect(toKeyView('a', record({ allow_ips: null }), NOW).allowIps).toBe('');
  });
});

describe('ClipboardGuard', () => {
  const port = () => {
    const p = {
      isAvailable: true,
      text: '',
      readText: () => Promise.resolve(p.text),
      writeText: (t: string) => {
        p.text = t;
        return Promise.resolve();
      },
      clear: () => void (p.text = ''),
    };
    return p;
  };

  it('clears after the delay only if the clipboard still holds our text', async () => {
    const p = port();
    const timers: (() => void)[] = [];
    const guard = new ClipboardGuard(
      p,
      () => 1000,
      30_000,
      (fn) => {
        timers.push(fn);
        return () => undefined;
      },
    );
    expect(await guard.copy('sk-secret')).toBe(31_000);
    timers[0]?.();
    await vi.waitFor(() => {
      expect(p.text).toBe('');
    });
    await guard.copy('sk-secret');
    p.text = 'something the user copied';
    timers[1]?.();
    await guard.clearIfOurs();
    expect(p.text).toBe('something the user copied');
  });

  it('clears on dispose (quit) and cancels the pending timer', async () => {
    const p = port();
    let cancelled = 0;
    const guard = new ClipboardGuard(
      p,
      () => 0,
      30_000,
      () => () => {
        cancelled++;
      },
    );
    await guard.copy('sk-secret');
    await guard.dispose();
    expect(p.text).toBe('');
    expect(cancelled).toBe(1);
    // A copy that a call in flight makes after the quit's clear is refused: nothing outlives the last clear.
    await expect(guard.copy('sk-late')).rejects.toThrow();
    expect(p.text).toBe('');
  });

  it('takes back on dispose a key whose write was still settling', async () => {
    const p = port();
    let finishWrite: () => void = () => undefined;
    const slow = {
      ...p,
      readText: () => Promise.resolve(p.text),
      writeText: (t: string) =>
        new Promise<void>((resolve) => {
          finishWrite = () => {
            p.text = t;
            resolve();
          };
        }),
      clear: () => void (p.text = ''),
    };
    const guard = new ClipboardGuard(
      slow,
      () => 0,
      30_000,
      () => () => undefined,
    );
    const copying = guard.copy('sk-secret');
    const disposing = guard.dispose(); // the quit comes before the system has the text
    finishWrite();
    await Promise.all([copying, disposing]);
    expect(p.text).toBe('');
  });
});

describe('csvCell', () => {
  it('quotes separators and neutralises formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('名字')).toBe('名字');
  });
});
