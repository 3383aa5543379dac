// Rotating a key against the emulator: the twin is created with the old key's settings and its allowance, handed to
// every place the old key went (the link sent again, the file Keydesk wrote rewritten in place, the copied snippet
// waiting for the user's click), then the old key is read every five minutes: while the site shows it in use it is
// not disabled, once idle for the chosen period it is (one status-only write), deletion is offered three days later
// and done only when asked. Every request is counted in the emulator's log; both clocks are moved, nothing sleeps.
import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { RotationView } from '../../../src-shared/contract';
import { admin, value, useSeededGateway } from '../gateway/setup';
import { keyOnSite, keyRequests, lastSeq, setBoth } from '../allowance/setup';
import { rotationApp } from './setup';

const MINUTE = 60_000;
const START = Date.parse('2026-11-24T01:00:00Z');
const OLD = 1; // alice's "main", group vip

const seeded = useSeededGateway();

const fullKeyOf = async (id: number): Promise<string> =>
  `sk-${((await admin(seeded.gw, 'GET', `/keys/${String(id)}`)) as { key: string }).key}`;

/** The old key handed to three places: Cherry Studio by link, a .env file, a curl snippet on the clipboard. */
async function handedThreeWays(app: ReturnType<typeof rotationApp>): Promise<string> {
  value(await app.handoff.send('alice', OLD, 'cherry-studio', 0, 'open'));
  const file = value(await app.handoff.send('alice', OLD, 'env', 0, 'file')).path;
  value(await app.handoff.send('alice', OLD, 'curl', 0, 'clipboard'));
  if (file === null) throw new Error('no file written');
  return file;
}

const stepStates = (view: RotationView | undefined) =>
  Object.fromEntries((view?.steps ?? []).map((s) => [s.id.replace(/:.*/, ''), s.state]));

describe('rotating a key', () => {
  it('creates the twin, hands it to every recorded place, and keeps the old key on while the site shows it used', async () => {
    const app = rotationApp(seeded.gw, START);
    await setBoth(seeded.gw, app.clock, START);
    await app.service.set({
      accountId: 'alice',
      keyId: OLD,
      period: 'day',
      mode: 'refill',
      amountUnits: 1_000_000,
      timeZone: 'UTC',
    });
    await app.runner.runDue();
    const file = await handedThreeWays(app);
    const oldKey = await fullKeyOf(OLD);

    const plan = value(await app.rotation.plan('alice', OLD));
    expect(plan.handoffs.map((h) => `${h.target}/${h.via}`)).toEqual([
      'curl/clipboard',
      'env/file',
      'cherry-studio/open',
    ]);
    expect(plan.twin).toMatchObject({ name: 'main', group: 'vip', remainQuota: 1_000_000, unlimitedQuota: false });
    expect(plan.allowance?.amountUnits).toBe(1_000_000);

    const seq = await lastSeq(seeded.gw);
    const started = value(await app.rotation.start('alice', OLD, 60));
    await app.rotation.idle();
    const view = app.rotation.list('alice')[0];
    expect(view?.id).toBe(started.id);
    expect(view?.state).toBe('watching');
    const twinId = view?.newKeyId ?? 0;
    expect(twinId).toBeGreaterThan(OLD);
    const twin = await keyOnSite(seeded.gw, twinId);
    expect(twin).toMatchObject({ remain_quota: 1_000_000, unlimited_quota: false, status: 1 });
    // The write requests: one create, and no write to either key besides it (the hand-offs only read and reveal).
    const writes = (await keyRequests(seeded.gw, seq)).filter((r) => !r.startsWith('GET'));
    expect(writes.filter((r) => !r.startsWith('POST /api/token/') || r === 'POST /api/token/')).toEqual([
      'POST /api/token/',
    ]);

    // The link went again, now with the twin; the file holds the twin; the copied snippet waits for a click.
    const twinKey = await fullKeyOf(twinId);
    expect(app.opened).toHaveLength(2);
    const payload = (link: string) =>
      Buffer.from(new URL(link).searchParams.get('data') ?? '', 'base64').toString('utf8');
    expect(payload(app.opened[1] ?? '')).toContain(twinKey);
    const env = await readFile(file, 'utf8');
    expect(env).toContain(twinKey);
    expect(env).not.toContain(oldKey);
    expect(stepStates(view)).toEqual({
      create: 'done',
      handoff: expect.any(String) as unknown,
      disable: 'pending',
      delete: 'pending',
    });
    expect(view?.steps.filter((s) => s.kind === 'handoff').map((s) => [s.handoff?.target, s.state, s.note])).toEqual([
      ['curl', 'needs_you', 'copy_again'],
      ['env', 'done', null],
      ['cherry-studio', 'done', null],
    ]);
    const copyStep = view?.steps.find((s) => s.note === 'copy_again')?.id ?? '';
    value(await app.rotation.repeatStep(started.id, copyStep));
    expect(app.clipboard()).toContain(twinKey);
    // The allowance moved to the twin; the old key's says why it stopped.
    const allowances = app.service.list('alice');
    expect(allowances.find((a) => a.keyId === twinId)).toMatchObject({ isActive: true, amountUnits: 1_000_000 });
    expect(allowances.find((a) => a.keyId === OLD)).toMatchObject({ isActive: false, stopReason: 'rotated' });

    // Two hours in which the old key keeps being used every ten minutes: read every five, never disabled.
    const watchFrom = await lastSeq(seeded.gw);
    for (let t = 10; t <= 120; t += 10) {
      await app.watchUntil(START + t * MINUTE);
      await admin(seeded.gw, 'POST', `/keys/${String(OLD)}/spend`, { units: 1_000 });
    }
    const watched = await keyRequests(seeded.gw, watchFrom);
    expect(watched.every((r) => r === 'GET /api/token/1')).toBe(true);
    expect(watched.length).toBeGreaterThanOrEqual(20);
    expect(watched.length).toBeLessThanOrEqual(25);
    expect((await keyOnSite(seeded.gw, OLD)).status).toBe(1);
    expect(app.rotation.list('alice')[0]?.state).toBe('watching');

    // Then silence. The last use (at 2:00) is seen by the next read, five minutes later at most: an hour after that
    // read, and not before, the old key is disabled, with one status-only write.
    const quiet = await lastSeq(seeded.gw);
    await app.watchUntil(START + 140 * MINUTE);
    const seen = app.rotation.list('alice')[0]?.oldKeyLastUseSeenAt ?? 0;
    expect(seen).toBeGreaterThan(START + 120 * MINUTE);
    expect(seen).toBeLessThanOrEqual(START + 125 * MINUTE);
    expect(app.rotation.list('alice')[0]?.disableAt).toBe(seen + 60 * MINUTE);
    await app.watchUntil(seen + 59 * MINUTE);
    expect((await keyOnSite(seeded.gw, OLD)).status).toBe(1);
    await app.watchUntil(seen + 65 * MINUTE);
    expect((await keyOnSite(seeded.gw, OLD)).status).toBe(2);
    expect((await keyRequests(seeded.gw, quiet)).filter((r) => !r.startsWith('GET'))).toEqual([
      'PUT /api/token/?status_only',
    ]);
    const disabled = app.rotation.list('alice')[0];
    expect(disabled?.state).toBe('old_disabled');
    expect(disabled?.oldKeyDisabledAt).toBeGreaterThanOrEqual(seen + 60 * MINUTE);

    // Three days later deletion is offered (one alert), and happens only when asked.
    await app.watchUntil((disabled?.oldKeyDisabledAt ?? 0) + 3 * 86_400_000 + MINUTE);
    expect(app.rotation.list('alice')[0]?.state).toBe('delete_offered');
    expect(app.rotationAlerts().map((a) => [a.oldKeyName, a.newKeyName])).toEqual([['main', 'main']]);
    expect((await keyRequests(seeded.gw, quiet)).filter((r) => r.startsWith('DELETE'))).toEqual([]);
    const deleted = value(await app.rotation.deleteOld(started.id));
    expect(deleted.state).toBe('done');
    expect((await keyRequests(seeded.gw, quiet)).filter((r) => r.startsWith('DELETE'))).toEqual([
      'DELETE /api/token/1',
    ]);
    await app.close();
  });

  it('"at once" disables the old key right after the hand-offs; a stopped rotation does nothing more', async () => {
    const app = rotationApp(seeded.gw, START);
    await setBoth(seeded.gw, app.clock, START);
    value(await app.rotation.start('alice', OLD, 0));
    await app.rotation.idle();
    expect((await keyOnSite(seeded.gw, OLD)).status).toBe(2);
    expect(app.rotation.list('alice')[0]?.state).toBe('old_disabled');

    const other = value(await app.rotation.start('alice', 6, 60));
    await app.rotation.idle();
    value(app.rotation.stop(other.id));
    const seq = await lastSeq(seeded.gw);
    await app.watchUntil(START + 5 * 60 * MINUTE);
    expect(
      (await keyRequests(seeded.gw, seq)).filter((r) => r.includes('/api/token/6') || r.startsWith('PUT')),
    ).toEqual([]);
    expect((await keyOnSite(seeded.gw, 6)).status).toBe(1);
    expect(app.rotation.list('alice').find((r) => r.id === other.id)?.state).toBe('stopped');
    await app.close();
  });

  it('never overwrites a file changed since Keydesk wrote it, and a second rotation of the same key is refused', async () => {
    const app = rotationApp(seeded.gw, START);
    await setBoth(seeded.gw, app.clock, START);
    const file = value(await app.handoff.send('alice', OLD, 'env', 0, 'file')).path ?? '';
    await writeFile(file, "OPENAI_API_KEY='edited by hand'\nMORE=1\n");
    // Asked twice at once (a double click): one rotation starts, the other is refused.
    const both = await Promise.all([app.rotation.start('alice', OLD, 60), app.rotation.start('alice', OLD, 60)]);
    expect(both.map((r) => (r.ok ? 'started' : r.error.reason))).toEqual(['started', 'rotation.running']);
    const started = value(both[0]);
    await app.rotation.idle();
    expect(await readFile(file, 'utf8')).toBe("OPENAI_API_KEY='edited by hand'\nMORE=1\n");
    const step = app.rotation.list('alice')[0]?.steps.find((s) => s.kind === 'handoff');
    expect(step).toMatchObject({ state: 'needs_you', note: 'file_changed' });
    // Saved as a new file instead, when the user asks.
    const repeated = value(await app.rotation.repeatStep(started.id, step?.id ?? ''));
    expect(repeated.steps.find((s) => s.id === step?.id)?.state).toBe('done');
    await app.close();
  });

  it('goes on watching when the account cannot be reached for a while, without a request until it can', async () => {
    const app = rotationApp(seeded.gw, START);
    await setBoth(seeded.gw, app.clock, START);
    value(await app.rotation.start('alice', OLD, 60));
    await app.rotation.idle();
    app.directory.isSignedOut = true;
    const seq = await lastSeq(seeded.gw);
    // Every timer armed meanwhile: a failed read waits its turn like any other, it never spins.
    const armed: number[] = [];
    const setTimer = app.clock.setTimer.bind(app.clock);
    app.clock.setTimer = (ms: number, run: () => void) => {
      armed.push(ms);
      return setTimer(ms, run);
    };
    await app.watchUntil(START + 30 * MINUTE);
    expect(await keyRequests(seeded.gw, seq)).toEqual([]);
    expect(armed.length).toBeLessThan(20);
    expect(armed.filter((ms) => ms === 0).length).toBeLessThanOrEqual(1);
    expect(app.rotation.list('alice')[0]?.state).toBe('watching');
    app.directory.isSignedOut = false;
    await app.watchUntil(START + 36 * MINUTE);
    expect((await keyRequests(seeded.gw, seq)).length).toBeGreaterThan(0);
    expect((await keyRequests(seeded.gw, seq)).every((r) => r === 'GET /api/token/1')).toBe(true);
    await app.close();
  });

  it('after a quit in the middle of creating the twin, never creates a second one: the user is asked to check', async () => {
    const app = rotationApp(seeded.gw, START);
    await setBoth(seeded.gw, app.clock, START);
    const started = value(await app.rotation.start('alice', OLD, 60));
    await app.rotation.idle();
    // What the store holds when Keydesk died after sending the create: the step marked running.
    const doc = app.store.value.rotations as Record<string, { steps: { id: string; state: string }[]; state: string }>;
    const record = doc[started.id];
    if (!record) throw new Error('no record');
    record.state = 'running';
    for (const s of record.steps) s.state = s.id === 'create' ? 'running' : 'pending';
    const seq = await lastSeq(seeded.gw);
    await app.restartRotation();
    expect((await keyRequests(seeded.gw, seq)).filter((r) => r.startsWith('POST'))).toEqual([]);
    expect(app.rotation.list('alice')[0]).toMatchObject({
      state: 'failed',
      error: { reason: 'rotation.create_unconfirmed' },
    });
    await app.close();
  });
});
