/// <reference types="vite/client" />
// The i18n check: both locales have the same keys, no message is empty or accidentally uses message syntax,
// every ErrorCode has a message and a remedy, every ErrorReason and vault note a sentence with the same values in
// both languages, and every key the renderer asks for exists.
import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ERROR_REASONS,
  LANGUAGES,
  THEMES,
  VAULT_NOTES,
  type AppMode,
} from '../../../../src-shared/contract';
import { createAppI18n, messages } from '../../../../src-renderer/src/i18n';
import { SECTIONS } from '../../../../src-renderer/src/router';

type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const flat = Object.fromEntries(LANGUAGES.map((language) => [language, flatten(messages[language])])) as Record<
  (typeof LANGUAGES)[number],
  Map<string, string>
>;
const allKeys = [...flat['en-US'].keys()];

const translate = (language: (typeof LANGUAGES)[number], key: string): string => {
  const i18n = createAppI18n(language);
  return i18n.global.t(key);
};

describe('locales', () => {
  it('zh-CN and en-US have exactly the same keys', () => {
    expect([...flat['zh-CN'].keys()].sort()).toEqual([...flat['en-US'].keys()].sort());
  });

  it.each(LANGUAGES)('%s has no empty message', (language) => {
    const empty = [...flat[language]].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(LANGUAGES)(
    '%s renders every message exactly as written (no stray {, @ or | syntax; plural forms each)',
    (language) => {
      const i18n = createAppI18n(language);
      // Named placeholders ({label}) are the one syntax allowed: fed back as themselves, the text is unchanged.
      const echo = (text: string): Record<string, string> =>
        Object.fromEntries([...text.matchAll(/\{(\w+)\}/g)].map((m): [string, string] => [m[1] ?? '', m[0]]));
      // A count said through vue-i18n plurals ("Key disabled. | {n} keys disabled.") is checked form by form.
      const rendersAsWritten = (key: string, text: string): boolean => {
        const forms = text.split(' | ');
        if (forms.length === 1) return i18n.global.t(key, echo(text)) === text;
        return (
          forms.length === 2 && forms.every((form, i) => i18n.global.t(key, echo(text), { plural: i + 1 }) === form)
        );
      };
      const changed = [...flat[language]].filter(([key, text]) => !rendersAsWritten(key, text)).map(([key]) => key);
      expect(changed).toEqual([]);
    },
  );
});

describe('error codes', () => {
  it.each(LANGUAGES)('%s explains every ErrorCode and gives a remedy', (language) => {
    const missing = ERROR_CODES.flatMap((code) =>
      [`errors.${code}`, `remedies.${code}`].filter((key) => (flat[language].get(key) ?? '').trim() === ''),
    );
    expect(missing).toEqual([]);
  });

  it('has no messages for codes the contract does not have', () => {
    const codes = new Set<string>(ERROR_CODES);
    const stray = allKeys
      .filter((key) => key.startsWith('errors.') || key.startsWith('remedies.'))
      .map((key) => key.slice(key.indexOf('.') + 1))
      .filter((code) => !codes.has(code));
    expect(stray).toEqual([]);
  });

  it('reaches the messages through t() the way ErrorAlert asks for them', () => {
    expect(translate('zh-CN', 'errors.auth.expired')).toBe('登录已过期。');
    expect(translate('en-US', 'remedies.vault.locked')).toBe(flat['en-US'].get('remedies.vault.locked'));
  });
});

describe('error reasons and vault notes (main names them, the renderer words them)', () => {
  const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();

  it.each(LANGUAGES)('%s words every ErrorReason and every vault note', (language) => {
    const keys = [
      ...ERROR_REASONS.map((reason) => `errorReasons.${reason}`),
      ...VAULT_NOTES.map((note) => `vaultNotes.${note}`),
    ];
    expect(keys.filter((key) => (flat[language].get(key) ?? '').trim() === '')).toEqual([]);
  });

  it('names the same values in both languages (a param main sends is used by both or neither)', () => {
    const differing = ERROR_REASONS.filter(
      (reason) =>
        placeholders(flat['en-US'].get(`errorReasons.${reason}`) ?? '').join() !==
        placeholders(flat['zh-CN'].get(`errorReasons.${reason}`) ?? '').join(),
    );
    expect(differing).toEqual([]);
  });

  it('has no sentences for reasons or notes the contract does not have', () => {
    const known = new Set<string>([
      ...ERROR_REASONS.map((reason) => `errorReasons.${reason}`),
      ...VAULT_NOTES.map((note) => `vaultNotes.${note}`),
    ]);
    const helpers = (key: string) =>
      key.startsWith('errorReasons.fields.') ||
      key.startsWith('errorReasons.unnamed.') ||
      key === 'errorReasons.forKey';
    const stray = allKeys
      .filter((key) => key.startsWith('errorReasons.') || key.startsWith('vaultNotes.'))
      .filter((key) => !known.has(key) && !helpers(key));
    expect(stray).toEqual([]);
  });

  it('words a reason with the values main sent, in the chosen language', () => {
    const zh = createAppI18n('zh-CN').global;
    expect(zh.t('errorReasons.network.unreachable', { address: 'http://127.0.0.1:9', cause: 'ECONNREFUSED' })).toBe(
      '无法连接 http://127.0.0.1:9（ECONNREFUSED）。',
    );
    expect(translate('zh-CN', 'vaultNotes.keyring_linux')).toBe(
      'Secret Service（GNOME 密钥环 / KWallet）保管保险库密钥。',
    );
  });
});

describe('keys used by the renderer', () => {
  const sources = import.meta.glob<string>('../../../../src-renderer/src/**/*.{ts,vue}', {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it('finds the renderer sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
  });

  it('every literal t(…) key exists', () => {
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const match of text.matchAll(/\bt\(\s*'([^']+)'/g)) if (match[1]) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((key) => !flat['en-US'].has(key))).toEqual([]);
  });

  it('every key built from a type exists (sections, themes, modes)', () => {
    const modes: readonly AppMode[] = ['electron', 'browser'];
    const built = [
      ...SECTIONS.map((section) => `nav.${section}`),
      ...THEMES.map((theme) => `settings.themes.${theme}`),
      ...modes.map((mode) => `settings.modes.${mode}`),
    ];
    expect(built.filter((key) => !flat['en-US'].has(key))).toEqual([]);
  });
});
