// The "every sentence in the chosen language" check over the rendered page: in zh-CN it finds English sentences,
// in en-US Chinese ones, outside what may stay as it is (the server's quoted words, key names, URLs, model ids).
import type { Page } from '@playwright/test';

/**
 * Subtrees the check skips: the gateway's own words (`data-quoted`), values that are names or ids rather than
 * sentences (`translate="no"`: key names, account labels, models, addresses), code, and text marked as another
 * language on purpose (a language's own name in the language picker carries its `lang`).
 */
const EXEMPT = '[data-quoted], [translate="no"], code, kbd, pre, script, style, noscript, svg';

/** Words that make a run of Latin words a sentence rather than a name ("Alice Chen", "bulk key"). */
const ENGLISH_GLUE = new Set(
  (
    'a an the is are was were be been not no to of in on at for from with by and or but if this that these those ' +
    'it its you your we our can cannot could does do did has have had will would should must may here there ' +
    'only than then when what which who how why please enter check try again'
  ).split(' '),
);

// Values that are allowed whatever the language: addresses, key values, ids and names with digits or dashes.
const ALLOWED_TOKENS = [
  /\bhttps?:\/\/\S+/g, // URLs
  /\bsk-[A-Za-z0-9*…]+/g, // keys, masked or not
  /\b[\w.]+@[\w.]+\b/g, // e-mail addresses
  /\b[A-Za-z0-9]+(?:[-_.:/][A-Za-z0-9]+)+\b/g, // ids and names: gpt-4o-mini, bulk-001, api_key:write, base_url
  /\b[A-Za-z]*\d[A-Za-z\d]*\b/g, // anything with a digit: HTTP 404, 2FA, v1
];

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

export interface ForeignText {
  /** The offending text as rendered (trimmed, at most 160 characters). */
  readonly text: string;
  /** Where it was found: a text node (`text`) or an attribute users read (`placeholder`, `title`, `aria-label`). */
  readonly where: string;
}

/** Whether a piece of text is a sentence in English (for the zh-CN check). Exported for the unit test. */
export function isEnglishSentence(text: string): boolean {
  let rest = text;
  for (const token of ALLOWED_TOKENS) rest = rest.replace(token, ' ');
  // Runs of Latin words separated only by spaces and light punctuation; CJK or other marks end a run.
  const runs = rest.match(/[A-Za-z’']+(?:[ ,;:()"“”]+[A-Za-z’']+)*/g) ?? [];
  return runs.some((run) => {
    const words = run.split(/[ ,;:()"“”]+/).filter((word) => word.length > 0);
    if (words.length >= 3) return true;
    return words.length === 2 && words.some((word) => ENGLISH_GLUE.has(word.toLowerCase()));
  });
}

/**
 * Whether Chinese text is punctuated the English way: an ASCII colon right after a Chinese character ("原因:" where
 * "原因：" belongs). Exported for the unit test.
 */
export const hasEnglishPunctuation = (text: string): boolean => /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]:/.test(text);

/** Whether a piece of text carries Chinese (for the en-US check). */
export const hasChinese = (text: string): boolean => HAN.test(text);

/**
 * Every visible text on the page not in `language`: English sentences when the page is in zh-CN, Chinese text when
 * it is in en-US. Reads text nodes and the attributes users read; skips the exempt subtrees and hidden elements.
 */
export async function foreignText(
  page: Page,
  language: 'zh-CN' | 'en-US',
  /** Whole texts that are the gateway's data rather than our sentences (group names, descriptions of a seed). */
  gatewayData: readonly string[] = [],
): Promise<ForeignText[]> {
  const found = await page.evaluate(
    ({ exempt }) => {
      // The page side works on plain strings; the decision is made below, in Node, with the same rules as the tests.
      type PageElement = {
        closest(selector: string): unknown;
        getClientRects(): { length: number };
        getAttribute(name: string): string | null;
        parentElement: PageElement | null;
      };
      type PageNode = { textContent: string | null; parentElement: PageElement | null };
      // This file is type-checked without the DOM library: the few members used, typed by hand.
      interface PageDocument {
        readonly body: unknown;
        createTreeWalker(root: unknown, whatToShow: number): { nextNode(): PageNode | null };
        querySelectorAll(selector: string): ArrayLike<PageElement>;
      }
      const doc = (globalThis as unknown as { document: PageDocument }).document;
      const visible = (element: PageElement | null): boolean =>
        element !== null && element.closest(exempt) === null && element.getClientRects().length > 0;
      const out: { text: string; where: string }[] = [];
      const SHOW_TEXT = 4; // NodeFilter.SHOW_TEXT
      const walker = doc.createTreeWalker(doc.body, SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? '').trim();
        if (text !== '' && visible(node.parentElement)) out.push({ text, where: 'text' });
      }
      const attributed = doc.querySelectorAll('[placeholder], [title], [aria-label]');
      for (const element of Array.from(attributed)) {
        if (!visible(element)) continue;
        for (const name of ['placeholder', 'title', 'aria-label']) {
          const value = element.getAttribute(name)?.trim();
          if (value) out.push({ text: value, where: name });
        }
      }
      return out;
    },
    // Text marked as another language on purpose (a language's own name in the picker) carries its own `lang`.
    { exempt: `${EXEMPT}, [lang]:not([lang="${language}"])` },
  );
  const isForeign =
    language === 'zh-CN' ? (text: string) => isEnglishSentence(text) || hasEnglishPunctuation(text) : hasChinese;
  const seen = new Set<string>();
  return found
    .filter((item) => !gatewayData.includes(item.text) && isForeign(item.text))
    .map((item) => ({ text: item.text.slice(0, 160), where: item.where }))
    .filter((item) => {
      const key = `${item.where}:${item.text}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
