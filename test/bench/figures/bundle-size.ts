// Figure 8: first-screen size. The JS and CSS the first screen loads before it paints: what out/renderer/index.html
// loads eagerly (module script, modulepreload, stylesheets), their static imports, and the shown language's pack
// (a chunk main.ts loads before mounting); raw and gzip bytes (zlib level 9, deterministic). This is how the issue
// measured its 198 KB. Printed beside it, not counted: the default view (All keys) with every file its lazy import
// preloads, which the user also waits for before seeing keys. Other views, dialogs, the other language and the dark
// theme are lazy.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from '../lib/figure';

const RENDERER = join(import.meta.dirname, '..', '..', '..', 'out', 'renderer');
const TARGET = 150 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface FileSize {
  readonly file: string;
  readonly raw: number;
  readonly gzip: number;
}

const sizeOf = (file: string): FileSize => {
  const bytes = readFileSync(join(RENDERER, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};

/** The file and every JS file it imports statically (import … from "./x.js", import "./x.js"), transitively. */
function withStaticImports(files: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...files];
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (seen.has(file) || !existsSync(join(RENDERER, file))) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(join(RENDERER, file), 'utf8');
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g)) queue.push(`assets/${m[1] ?? ''}`);
  }
  return seen;
}

/**
 * The files the router's lazy import of the default view preloads: Vite writes them as
 * `import(`./KeysView-x.js`),__vite__mapDeps([i, …])` (with `.then(m=>m.x)` after the import where the chunk also
 * serves other chunks) with the list of names in `m.f=[…]`.
 */
function defaultViewFiles(entryCode: string): string[] {
  const names = /m\.f=\[([^\]]*)\]/.exec(entryCode)?.[1]?.match(/"\.\/([^"]+)"/g) ?? [];
  const list = names.map((n) => `assets/${n.slice(3, -1)}`);
  const call = /import\(`\.\/(KeysView-[^`]+\.js)`\)(?:\.then\([^)]*\))?,__vite__mapDeps\(\[([\d,]*)\]\)/.exec(
    entryCode,
  );
  if (call === null) throw new Error('figure 8: the default view (KeysView) is not a lazy route chunk any more');
  const deps = (call[2] ?? '')
    .split(',')
    .filter(Boolean)
    .map((i) => list[Number(i)] ?? '');
  return [`assets/${call[1] ?? ''}`, ...deps.filter(Boolean)];
}

const total = (files: readonly FileSize[], key: 'raw' | 'gzip', ext = '') =>
  files.filter((f) => f.file.endsWith(ext)).reduce((sum, f) => sum + f[key], 0);

export function bundleSize(): Figure {
  const html = readFileSync(join(RENDERER, 'index.html'), 'utf8');
  const refs = [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g),
  ].map((m) => (m[1] ?? '').replace(/^\.\//, ''));
  const assets = readdirSync(join(RENDERER, 'assets'));
  // The pack is the chunk of src/i18n/packs/<language>.ts, by the build's manifest; by its file name in a build without
  // one (a locale chunk once carried the same name, and the figure counted it instead of the pack).
  const manifestFile = join(RENDERER, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file?: string }>)
    : null;
  const packOf = (language: string) =>
    manifest !== null
      ? manifest[`src/i18n/packs/${language}.ts`]?.file?.replace(/^assets\//, '')
      : assets.find((f) => f.startsWith(`${language}-`) && f.endsWith('.js'));
  const shell = withStaticImports(refs);
  const entry = [...shell].find((f) => /^assets\/index-.*\.js$/.test(f));
  const view = entry === undefined ? [] : defaultViewFiles(readFileSync(join(RENDERER, entry), 'utf8'));
  const perLanguage = ['en-US', 'zh-CN'].map((language) => {
    const pack = packOf(language);
    const eager = pack === undefined ? refs : [...refs, `assets/${pack}`];
    const files = [...withStaticImports(eager)].map(sizeOf);
    const withView = [...withStaticImports([...eager, ...view])].map(sizeOf);
    const withViewGzip = total(withView, 'gzip');
    return { language, pack: pack ?? null, files, gzip: total(files, 'gzip'), raw: total(files, 'raw'), withViewGzip };
  });
  // The larger of the two languages is the figure: each user loads exactly one.
  const worst = perLanguage.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  const files = worst.files;
  // The dark theme sits in a library chunk of its own name (electron.vite.config.ts groups them): found by Naive's
  // theme object, and counted with every file it imports that the first screen has not loaded already.
  const dark = assets.find(
    (f) => f.endsWith('.js') && /\bname:[`"]dark[`"],common:/.test(readFileSync(join(RENDERER, 'assets', f), 'utf8')),
  );
  const darkFiles = dark === undefined ? [] : [...withStaticImports([`assets/${dark}`])].filter((f) => !shell.has(f));
  const darkGzip = dark === undefined ? null : total(darkFiles.map(sizeOf), 'gzip');
  const allRaw = assets
    .filter((f) => /\.(js|css)$/.test(f))
    .reduce((sum, f) => sum + readFileSync(join(RENDERER, 'assets', f)).length, 0);
  return {
    figure: '8. First-screen size (JS + CSS)',
    value:
      `${kb(worst.gzip)} gzip with ${worst.language} (JS ${kb(total(files, 'gzip', '.js'))}, CSS ` +
      `${kb(total(files, 'gzip', '.css'))}); ${kb(worst.withViewGzip)} with the All keys view it opens on; ${perLanguage.map((l) => `${l.language} ${kb(l.gzip)}`).join(', ')}; ` +
      `${kb(worst.raw)} raw`,
    ratio: worst.gzip,
    target: '≤ 150 KB gzip',
    meetsTarget: worst.gzip <= TARGET,
    how:
      `What loads before the first paint, after electron-vite build: index.html's eager files (${refs.length}: module ` +
      `script, modulepreload, stylesheets), their static imports (${shell.size} files in all) and the shown ` +
      `language's pack; the larger language counts. Printed, not counted: the same plus the default view (All ` +
      `keys) and the ${view.length} files its lazy import preloads. gzip = zlib level 9. Lazy: other views, dialogs, ` +
      `the other language, ` +
      `the dark theme (${darkGzip === null ? 'not found' : `${kb(darkGzip)} gzip in ${darkFiles.length} files, loaded before mounting in dark mode`}). ` +
      `Whole bundle for comparison: ${kb(allRaw)} raw.`,
    details: { perLanguage, defaultView: view, darkGzip, allAssetsRaw: allRaw },
  };
}
