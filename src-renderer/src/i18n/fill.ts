// Messages drawn once per row of a long table, translated once per language and filled in by string replacement.
// Each call of vue-i18n's t() builds a message context, and a table mounting a screen of rows called it over a hundred
// times per keystroke. Only for messages whose values are plain named ones: no plural forms, no linked messages.
import { useI18n } from 'vue-i18n';

type Translate = ReturnType<typeof useI18n>['t'];
export type MessageKey = Parameters<Translate>[0];

/** Marks a named value inside a translated template: a private-use character no message of ours contains. */
const MARK = '\uE000';
const VALUE = /\uE000([^\uE000]*)\uE000/g;
/** Templates by language and key; a language's messages do not change while Keydesk runs. */
const templates = new Map<string, string>();

/** The message in the language, its `{names}` replaced by `values`; the same text t() gives. */
export function fillMessage(
  t: Translate,
  language: string,
  key: MessageKey,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const id = `${language}\u0001${String(key)}`;
  let template = templates.get(id);
  if (template === undefined) {
    const marks = Object.fromEntries(Object.keys(values).map((name) => [name, `${MARK}${name}${MARK}`]));
    template = t(key, marks);
    templates.set(id, template);
  }
  return template.replace(VALUE, (_, name: string) => String(values[name] ?? ''));
}

/** A message filled in the current language (useFill's answer). */
export type Fill = (key: MessageKey, values?: Readonly<Record<string, string | number>>) => string;

/** fillMessage bound to the component's translation and language. */
export function useFill(): Fill {
  const { t, locale } = useI18n();
  return (key: MessageKey, values?: Readonly<Record<string, string | number>>) =>
    fillMessage(t, locale.value, key, values);
}
