// Language packs, their date locales and the dark theme load on demand: each pack holds its language's first-screen
// messages and Naive UI locale (its date locale and the other screens' messages come apart), a pack is loaded once
// however often it is asked for, the later messages complete the language once, and the dark theme arrives only when
// asked.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../../src-shared/contract';
import { messages } from '../../../../../src-renderer/src/i18n';
import type { MessageSchema } from '../../../../../src-renderer/src/i18n/en-US';
import {
  ensureAllMessages,
  loadDateLocale,
  loadPack,
  loadedDateLocales,
  loadedPacks,
  type MessageHolder,
} from '../../../../../src-renderer/src/i18n/packs/load';
import { createI18nWith } from '../../../../../src-renderer/src/i18n/setup';
import { darkTheme, loadDarkTheme } from '../../../../../src-renderer/src/theme/dark-theme';

describe('language packs', () => {
  it.each(LANGUAGES)('%s carries its own first-screen messages and Naive UI locales', async (language) => {
    const pack = await loadPack(language);
    // The first screen's words and nothing of the screens that load later (they kept the pack over its size target).
    for (const [domain, words] of Object.entries(pack.messages)) {
      expect(words, domain).toEqual(messages[language][domain as keyof MessageSchema]);
    }
    for (const later of ['sync', 'backup', 'updates', 'importAccounts', 'agents', 'notify', 'exports']) {
      expect(Object.keys(pack.messages)).not.toContain(later);
    }
    expect(pack.naive.name).toBe(language);
    expect(loadedPacks.get(language)).toBe(pack);
  });

  it.each(LANGUAGES)('%s is complete once the later messages are merged, set before merged, once', async (language) => {
    const pack = await loadPack(language);
    const i18n = createI18nWith(language === 'en-US' ? 'zh-CN' : 'en-US', {});
    const holder = i18n.global as unknown as MessageHolder;
    const calls: string[] = [];
    const recording: MessageHolder = {
      get availableLocales() {
        return holder.availableLocales;
      },
      setLocaleMessage: (locale, words) => {
        calls.push(`set ${locale}`);
        holder.setLocaleMessage(locale, words);
      },
      mergeLocaleMessage: (locale, words) => {
        calls.push(`merge ${locale}`);
        holder.mergeLocaleMessage(locale, words);
      },
    };
    await Promise.all([ensureAllMessages(recording, language), ensureAllMessages(recording, language)]);
    await ensureAllMessages(recording, language);
    expect(calls).toEqual([`set ${language}`, `merge ${language}`]);
    expect(i18n.global.getLocaleMessage(language)).toEqual(messages[language]);
    expect(Object.keys(pack.messages)).not.toContain('sync');
  });

  it.each(LANGUAGES)('%s has its Naive UI date locale apart, loaded once when asked for', async (language) => {
    expect(loadedDateLocales.has(language)).toBe(false);
    const [a, b] = await Promise.all([loadDateLocale(language), loadDateLocale(language)]);
    expect(a.name).toBe(language);
    expect(b).toBe(a);
    expect(loadedDateLocales.get(language)).toBe(a);
  });

  it('loads a pack once, however often and however concurrently it is asked for', async () => {
    const [a, b] = await Promise.all([loadPack('zh-CN'), loadPack('zh-CN')]);
    expect(a).toBe(b);
    expect(await loadPack('zh-CN')).toBe(a);
  });
});

describe('dark theme', () => {
  it('is absent until asked for, then the Naive UI dark theme', async () => {
    expect(darkTheme.value).toBeNull();
    const theme = await loadDarkTheme();
    expect(theme.name).toBe('dark');
    expect(darkTheme.value).toBe(theme);
  });
});
