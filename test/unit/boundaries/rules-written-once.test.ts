// Guards "rules written once": each rule both sides check lives in src-shared/rules, and a second copy growing back
// in main or the renderer fails here. Each fingerprint is a line only the rule's own body would contain.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|vue)$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/**
 * Files whose look-alike line is another rule, not a copy: the update feed's address is https-only (loopback http for
 * tests), keeps its trailing slash and is checked in main alone — no form checks it beside a gateway's base URL.
 */
const NOT_COPIES = new Set(['src-main/features/updates/update-support.ts']);

const SIDES = [...sourceFiles('src-main'), ...sourceFiles('src-renderer/src'), ...sourceFiles('src-preload')].filter(
  (file) => !NOT_COPIES.has(file),
);
const SHARED = sourceFiles('src-shared/rules');

/** rule → the text of its body that a copy would repeat. */
const FINGERPRINTS: Readonly<Record<string, readonly string[]>> = {
  'base URLs (url-rules.ts)': ["url.protocol !== 'https:'", "url.username !== ''", '/\\/v1\\/*$/i'],
  'account labels (account-rules.ts)': ['MAX_LABEL = ', 'maxlength="60"', '.length > MAX_LABEL'],
  'search patterns (search-rules.ts)': ["replace(/^sk-/, '')", "includes('%%')", "replaceAll('_', '!_')"],
  'key fields and limits (key-rules.ts)': ['cp < 0x80', 'MAX_KEY_NAME_BYTES = ', '.max(10_000)', 'split(/[,\\n\\r]/)'],
  'an older server refusing a long name (key-rules.ts)': ['令牌名称过长|name is too long'],
  'user ids as text (account-rules.ts)': ['[1-9][0-9]{0,15}', '[1-9]\\d{0,15}'],
  'settings bounds (settings-rules.ts)': [
    'REFRESH_MINUTES = ',
    '= 1440',
    '.min(1).max(365)',
    'value > 365',
    ':max="365"',
  ],
};

/** Fingerprints of the shapes a copy took (a literal where the rule names a constant): never in the rule itself. */
const COPY_ONLY: ReadonlySet<string> = new Set([
  'maxlength="60"',
  '.max(10_000)',
  '.length > MAX_LABEL',
  '[1-9]\\d{0,15}',
  '.min(1).max(365)',
  'value > 365',
  ':max="365"',
]);

describe('rules written once', () => {
  it('finds every fingerprint in src-shared/rules (so the check below is looking for something real)', () => {
    const shared = SHARED.map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n');
    const missing = Object.values(FINGERPRINTS)
      .flat()
      .filter((print) => !COPY_ONLY.has(print))
      .filter((print) => !shared.includes(print));
    expect(missing).toEqual([]);
  });

  it('finds no copy of a shared rule in main, the preload or the renderer', () => {
    const copies: string[] = [];
    for (const file of SIDES) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const [rule, prints] of Object.entries(FINGERPRINTS)) {
        for (const print of prints) if (text.includes(print)) copies.push(`${file}: ${rule} (${print})`);
      }
    }
    expect(copies).toEqual([]);
  });

  it("keeps the renderer's rule modules as re-exports of the shared ones", () => {
    const text = readFileSync(join(ROOT, 'src-renderer/src/components/keys/search-rules.ts'), 'utf8');
    const code = text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('//'));
    expect(code.every((line) => line.startsWith('export {') || line.startsWith('export type {'))).toBe(true);
  });
});
