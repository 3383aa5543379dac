// The Core's data files read the platform's one clock: a damaged file is kept aside under the platform's time, so a
// test (or the fake clock of browser-mode e2e) decides it and no store falls back to the system clock.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../support/fake-clock';
import { testCore } from '../../support/test-core';

/** A date no system clock shows while these tests run. */
const PLATFORM_TIME = 1_234_567;

let dir = '';
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('createCore', () => {
  it('keeps damaged vault, budget and settings files aside under the platform clock’s time', async () => {
    dir = mkdtempSync(join(tmpdir(), 'keydesk-core-'));
    for (const name of ['vault', 'rate-budget', 'settings']) writeFileSync(join(dir, `${name}.json`), '{ not json');
    await testCore(dir, { platform: { clock: new FakeClock({ start: PLATFORM_TIME }) } });
    const keptAside = readdirSync(dir)
      .filter((name) => name.includes('.corrupt-'))
      .sort();
    expect(keptAside).toEqual([
      `rate-budget.json.corrupt-${PLATFORM_TIME}`,
      `settings.json.corrupt-${PLATFORM_TIME}`,
      `vault.json.corrupt-${PLATFORM_TIME}`,
    ]);
  });
});
