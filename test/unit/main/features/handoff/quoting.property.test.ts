// The hand-off's quoting helpers against hostile values, read back by their real readers where this machine has one:
// a `.env` sourced by a real POSIX shell (`sh -c '. ./file; printf %s "$VAR"'`) and a curl line run by it must give
// the value back byte for byte and run nothing (a canary command in the value would create a file); a value a format
// cannot carry is refused, never bent. PowerShell and TOML are read by re-implementations of their string rules.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  dotenvValue,
  jsonString,
  powershellString,
  shellWord,
  tomlString,
} from '../../../../../src-main/features/handoff/quoting';
import { buildHandoff, type HandoffInput } from '../../../../../src-main/features/handoff/targets';
import { AppErrorException } from '../../../../../src-main/errors';
import { parseTomlSubset } from '../../../../support/handoff-parsers';

const dir = mkdtempSync(join(tmpdir(), 'keydesk-quoting-'));
const CANARY = join(dir, 'canary');
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Pieces a shell or a dotenv reader would act on, with a canary command that leaves a file if anything runs. */
const HOSTILE = [
  "'",
  '"',
  '\\',
  '$',
  '`',
  '$(',
  ')',
  '${HOME}',
  `$(touch ${CANARY})`,
  `\`touch ${CANARY}\``,
  `';touch ${CANARY};'`,
  '$(IFS=_;c=touch_x;$c)',
  '\n',
  '\r',
  '\t',
  '#',
  ' ',
  '=',
  '!',
  '*',
  '~',
  '&&',
  '|',
  ';',
  '<',
  '>',
  '\u0000',
  '\u001b]0;x\u0007',
  '\u2018',
  '\u2019',
  'é',
  '鍵',
  '🔑',
];
const hostile = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: 'grapheme', maxLength: 6 })), { maxLength: 8 })
  .map((parts) => parts.join(''));

const shell = (script: string): string =>
  execFileSync('sh', ['-c', script], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });

describe('quoting for each format a hand-off writes', () => {
  it('.env: a real shell sources the value back byte for byte and runs nothing, or the value is refused', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const quoted = dotenvValue(value);
        // eslint-disable-next-line no-control-regex -- what a .env cannot carry for every reader
        const isCarried = !/['\\\u0000-\u001f\u007f]/.test(value);
        expect(quoted !== null).toBe(isCarried);
        if (quoted === null) return;
        writeFileSync(join(dir, 'keydesk.env'), `KEYDESK_VALUE=${quoted}\n`);
        expect(shell('. ./keydesk.env; printf %s "$KEYDESK_VALUE"')).toBe(value);
        expect(existsSync(CANARY)).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it('POSIX shell: each word comes back as one argument, exactly, and nothing runs', () => {
    fc.assert(
      fc.property(hostile, hostile, (a, b) => {
        const words = [shellWord(a), shellWord(b)];
        if (a.includes('\u0000') || b.includes('\u0000')) {
          expect(words.includes(null)).toBe(true);
          return;
        }
        const out = shell(`printf '%s\\0' ${words.join(' ')}`);
        expect(out).toBe(`${a}\u0000${b}\u0000`);
        expect(existsSync(CANARY)).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it('PowerShell: a verbatim string reads back the value (quotes, typographic ones too, doubled)', () => {
    // PowerShell's rule for '…' strings: a quote character (' ‘ ’ ‚ ‛) doubled is one such character; a single one ends.
    const readVerbatim = (text: string): string => {
      expect(text.startsWith("'") && text.endsWith("'")).toBe(true);
      const body = text.slice(1, -1);
      let out = '';
      for (let i = 0; i < body.length; i++) {
        const c = body.charAt(i);
        if (/['\u2018\u2019\u201a\u201b]/.test(c)) {
          expect(/['\u2018\u2019\u201a\u201b]/.test(body.charAt(i + 1))).toBe(true);
          i++;
        }
        out += c;
      }
      return out;
    };
    fc.assert(
      fc.property(hostile, (value) => {
        const quoted = powershellString(value);
        if (value.includes('\u0000')) expect(quoted).toBeNull();
        else expect(readVerbatim(quoted ?? '')).toBe(value);
      }),
    );
  });

  it('TOML and JSON: the string reads back the value; a lone surrogate is refused in TOML', () => {
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string({ unit: 'binary', maxLength: 12 })), (value) => {
        expect(JSON.parse(jsonString(value))).toBe(value);
        const quoted = tomlString(value);
        if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value)) {
          expect(quoted).toBeNull();
          return;
        }
        // eslint-disable-next-line no-control-regex -- TOML allows no raw control character (DEL included)
        expect(quoted).not.toMatch(/[\u0000-\u001f\u007f]/);
        expect(parseTomlSubset(`v = ${quoted ?? ''}\n`).v).toBe(value);
      }),
    );
  });
});

describe('the .env snippet', () => {
  const input = (apiUrl: string): HandoffInput => ({
    accountId: 'account-1',
    apiKey: 'sk-fakefakefakefakefake',
    siteUrl: 'https://gw.example',
    apiUrl,
    name: 'Fake',
    servesClaude: true,
    openaiModel: null,
    claudeModel: null,
  });

  it('holds an address that passed the address rules as a value `source .env` does not run', () => {
    const apiUrl = `https://gw.example/$(IFS=_;c=touch_${CANARY.replaceAll('/', '_')};$c)/\`touch ${CANARY}\``;
    const text = buildHandoff('env', input(apiUrl)).documents[0]?.text ?? '';
    writeFileSync(join(dir, 'snippet.env'), text);
    expect(shell('. ./snippet.env; printf %s "$OPENAI_BASE_URL"')).toBe(`${apiUrl}/v1`);
    expect(shell('. ./snippet.env; printf %s "$ANTHROPIC_AUTH_TOKEN"')).toBe('sk-fakefakefakefakefake');
    expect(existsSync(CANARY)).toBe(false);
  });

  it('is refused, naming the variable, when a value holds a quote it cannot carry', () => {
    let refused: unknown;
    try {
      buildHandoff('env', input("https://gw.example/it's"));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppErrorException);
    expect((refused as AppErrorException).appError).toEqual({
      code: 'validation',
      reason: 'handoff.env_unrepresentable',
      params: { name: 'OPENAI_BASE_URL' },
    });
  });
});
