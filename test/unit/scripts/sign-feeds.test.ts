// The release's feed signing (scripts/sign-feeds.ts) writes what the app verifies: each latest*.yml with the rollout
// set, signed so that the app's own check names the key; the CI dry run signs without secrets, and a release without
// its key stops instead of publishing feeds every Keydesk would refuse.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { feedText, parseFeedDocument } from '../../../src-main/features/updates/feed-document';
import { feedSigner, keyFingerprint } from '../../../src-main/features/updates/feed-signature';
import { signFeedsIn, withRollout } from '../../../scripts/sign-feeds';
import { TEST_FEED_KEY } from '../main/features/updates/fakes';

const root = join(import.meta.dirname, '..', '..', '..');
const fixtures = join(root, 'test', 'fixtures', 'update-feeds');
const run = promisify(execFile);
const folders: string[] = [];
const copyOfFixtures = (): string => {
  const folder = mkdtempSync(join(tmpdir(), 'keydesk-feeds-'));
  folders.push(folder);
  cpSync(fixtures, folder, { recursive: true });
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('signing the release feeds', () => {
  it('signs each feed so the app names the release key, with the rollout the workflow sets', () => {
    const folder = copyOfFixtures();
    const signed = signFeedsIn(folder, [TEST_FEED_KEY.privateKey], 25);
    expect(signed.map((entry) => entry.file).sort()).toEqual(['latest-linux.yml', 'latest.yml']);
    for (const { file } of signed) {
      const bytes = readFileSync(join(folder, file));
      const signature = readFileSync(join(folder, `${file}.sig`), 'utf8');
      expect(feedSigner(file, bytes, signature, [TEST_FEED_KEY.publicKey])).toBe(
        keyFingerprint(TEST_FEED_KEY.publicKey),
      );
      expect(parseFeedDocument(feedText(bytes)).stagingPercentage).toBe(25);
    }
  });

  it('sets, replaces and removes the rollout line without touching the rest', () => {
    const text = readFileSync(join(fixtures, 'latest.yml'), 'utf8');
    expect(withRollout(text, 100)).toBe(text);
    expect(withRollout(withRollout(text, 10), 50)).toBe(`${text}stagingPercentage: 50\n`);
    expect(withRollout(withRollout(text, 10), 100)).toBe(text);
  });

  it('runs as CI runs it, without secrets, as a dry run; a real run without the key fails', async () => {
    const folder = copyOfFixtures();
    const env = { ...process.env, FEED_SIGNING_KEY: '', FEED_SIGNING_KEY_NEXT: '' };
    const script = join(root, 'scripts', 'sign-feeds.ts');
    const tsx = join(root, 'node_modules', '.bin', 'tsx');
    const dry = await run(tsx, [script, folder, '--rollout', '20', '--dry-run'], { env });
    expect(dry.stdout).toMatch(/^Dry run: FEED_SIGNING_KEY is not set/);
    expect(dry.stdout).toMatch(/Signed latest\.yml \(1\.2\.0, rollout 20 %\)/);
    expect(
      readdirSync(folder)
        .filter((name) => name.endsWith('.sig'))
        .sort(),
    ).toEqual(['latest-linux.yml.sig', 'latest.yml.sig']);
    const real = copyOfFixtures();
    await expect(run(tsx, [script, real], { env })).rejects.toMatchObject({
      stderr: expect.stringMatching(/FEED_SIGNING_KEY is not set/) as unknown,
    });
    expect(readdirSync(real).some((name) => name.endsWith('.sig'))).toBe(false);
  }, 30_000);
});
