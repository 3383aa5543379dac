// The build-time message compiler (scripts/vite-precompile-messages.ts) on the real message files, as the renderer
// build runs it (TypeScript stripped first): every message becomes its plain text or a message function that vue-i18n
// without its compiler (as the app sets it up) turns into the same text as the source string, keys are left alone,
// and a malformed message fails the build.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync, transformWithOxc, type Rollup } from 'vite';
import { createI18n, type MessageCompiler } from 'vue-i18n';
import { describe, expect, it } from 'vitest';
import { precompileMessages } from '../../../scripts/vite-precompile-messages';

/** What the app's i18n (src-renderer/src/i18n/setup.ts, tested there) does with a compiled message that is text. */
const asText: MessageCompiler = (message) => () => (typeof message === 'string' ? message : '');

const I18N = join(import.meta.dirname, '..', '..', '..', 'src-renderer', 'src', 'i18n');

type Messages = { [key: string]: string | ((ctx: unknown) => unknown) | Messages };

/** Runs the plugin's transform with the little of Rollup's context it uses. */
function precompile(code: string, id: string): string {
  const plugin = precompileMessages();
  const transform = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
  const context = {
    parse: (source: string) => parseSync('messages.js', source).program,
    error: (message: string): never => {
      throw new Error(message);
    },
  } as unknown as Rollup.TransformPluginContext;
  const result = transform.call(context, code, id);
  if (result === null) throw new Error(`${id} was not transformed`);
  return result.code;
}

/** A message file's exports, from the JavaScript the build hands the plugin (with or without the plugin's pass). */
async function load(language: string, file: string, compiled: boolean): Promise<Messages> {
  const id = join(I18N, language, file);
  const js = (await transformWithOxc(readFileSync(id, 'utf8'), id, { lang: 'ts' })).code;
  const code = compiled ? precompile(js, id) : js;
  return (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Messages;
}

/** Every leaf key path of a message tree. */
function paths(tree: Messages, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' ? paths(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const at = (tree: Messages, path: string): Messages[string] | undefined =>
  path
    .split('.')
    .reduce<Messages[string] | undefined>((node, key) => (typeof node === 'object' ? node[key] : undefined), tree);

describe('build-time message compilation', () => {
  for (const language of ['en-US', 'zh-CN']) {
    const files = readdirSync(join(I18N, language)).filter(
      (name) => name.endsWith('.ts') && !['index.ts', 'first.ts', 'later.ts'].includes(name),
    );

    it(`${language}: every message reads the same compiled as from its source`, async () => {
      let checked = 0;
      for (const file of files) {
        const source = await load(language, file, false);
        const compiled = await load(language, file, true);
        type Translate = (key: string, named: Record<string, string>) => string;
        const plain = createI18n({ legacy: false, locale: language, messages: { [language]: source } }).global
          .t as Translate;
        const built = createI18n({
          legacy: false,
          locale: language,
          messages: { [language]: compiled },
          messageCompiler: asText,
        }).global.t as Translate;
        for (const path of paths(source)) {
          const text = at(source, path);
          if (typeof text !== 'string') throw new Error(`${file} ${path} is not a string`);
          // The compiled tree has the same keys: plain text stays text, anything else became a function.
          const isPlain = !/[{}@|]/.test(text);
          expect(typeof at(compiled, path), `${file} ${path}`).toBe(isPlain ? 'string' : 'function');
          const named: Record<string, string> = {};
          for (const m of text.matchAll(/\{\s*(\w+)\s*\}/g)) if (m[1]) named[m[1]] = `<${m[1]}>`;
          expect(built(path, named), `${file} ${path}`).toBe(plain(path, named));
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(100);
    });
  }

  it('leaves keys alone and fails on a malformed message', () => {
    const id = join(I18N, 'en-US', 'sample.ts');
    const out = precompile(`export const s = { greet: 'Hello {name}!', 'quoted-key': "plain {'{'}" };`, id);
    expect(out).toContain('greet:');
    expect(out).toContain(`'quoted-key': "plain {"`);
    expect(out).not.toContain('Hello {name}!');
    expect(() => precompile(`export const s = { broken: 'Hello {name' };`, id)).toThrow(/broken|Hello \{name/);
  });

  it('touches nothing outside the message folders', () => {
    const plugin = precompileMessages();
    const transform = plugin.transform as (this: unknown, code: string, id: string) => unknown;
    expect(transform.call({}, `export const s = 'Hello {name}';`, join(I18N, 'setup.ts'))).toBeNull();
  });
});
