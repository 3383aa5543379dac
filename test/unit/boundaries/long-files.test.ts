// Guards the size rule of style.md: a source file over 400 lines is split, or its header (the comment it opens with)
// says why in a sentence starting "Long because", so the next developer knows the length was chosen.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const MAX_LINES = 400;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|vue)$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** The comment a file opens with: its leading `//` lines, or a Vue file's leading `<!-- … -->`. */
function headerOf(text: string): string {
  if (text.startsWith('<!--')) return text.slice(0, Math.max(text.indexOf('-->'), 0));
  const lines = text.split('\n');
  const end = lines.findIndex((line) => !line.startsWith('//'));
  return lines.slice(0, end === -1 ? lines.length : end).join('\n');
}

const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('long files say why', () => {
  it('finds the reason only in the header, not further down', () => {
    expect(headerOf('// What this is.\n// Long because it is a table.\nexport const x = 1;\n')).toContain(
      'Long because',
    );
    expect(headerOf('// What this is.\nexport const x = 1;\n// Long because of nothing.\n')).not.toContain('Long');
    expect(headerOf('<!-- A form.\n     Long because of three kinds. -->\n<script>')).toContain('Long because');
  });

  it('has no source file over 400 lines without "Long because" in its header', () => {
    const files = ['src-main', 'src-shared', 'src-preload', 'src-renderer/src'].flatMap(sourceFiles);
    const unexplained = files.filter((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      return lineCount(text) > MAX_LINES && !headerOf(text).includes('Long because');
    });
    expect(unexplained).toEqual([]);
  });
});
