// Every Naive UI field in the renderer sets a placeholder of ours: one left without would show the library's own
// ("Please Input", "请输入") whatever language the user chose. The screens themselves are checked in
// test/e2e/placeholders.spec.ts; this catches a new field before any screen is opened. (Here, not in test/unit/renderer:
// reading the sources needs Node.)
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..', 'src-renderer', 'src');
/** The Naive UI components that show a placeholder of the library's locale when given none. */
const FIELDS = [
  'NInput',
  'NInputNumber',
  'NSelect',
  'NDatePicker',
  'NTimePicker',
  'NAutoComplete',
  'NCascader',
  'NTreeSelect',
  'NMention',
];

function vueFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? vueFiles(join(dir, entry.name)) : entry.name.endsWith('.vue') ? [join(dir, entry.name)] : [],
  );
}

/** Each opening tag of a field, with the file and line it starts on. */
function fieldTags(): { where: string; tag: string }[] {
  // An arrow function in an attribute (`=>`) does not end the tag.
  const pattern = new RegExp(`<(${FIELDS.join('|')})\\b((?:=>|[^>])*?)/?>`, 'gs');
  return vueFiles(ROOT).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const template = text.slice(text.indexOf('<template>'));
    const offset = text.length - template.length;
    return [...template.matchAll(pattern)].map((m) => ({
      where: `${relative(ROOT, file)}:${text.slice(0, offset + m.index).split('\n').length}`,
      tag: m[0],
    }));
  });
}

describe('placeholders', () => {
  it('every field of the renderer names its placeholder', () => {
    const tags = fieldTags();
    // The renderer has dozens of fields: finding few means the scan broke, not that the rule holds.
    expect(tags.length).toBeGreaterThan(30);
    expect(tags.filter((t) => !/\splaceholder=|\s:placeholder=/.test(t.tag)).map((t) => t.where)).toEqual([]);
  });
});
