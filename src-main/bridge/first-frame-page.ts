// Browser mode's page with its first frame in it: the answer of app:firstFrame as a JSON data block the page reads
// before it asks for anything, and preloads of the files that frame loads next (the language pack and All keys, the
// view Keydesk opens on), named by the build's manifest. The loopback transport serves this only to a page that holds
// this launch's session; any other page gets the built index.html as it is.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { FIRST_FRAME_ELEMENT_ID, type FirstFrame, type Language, type Result } from '../../src-shared/contract';

/** The build's manifest is a few dozen kilobytes; anything far larger is not Vite's. */
const MAX_MANIFEST_BYTES = 1024 * 1024;
/** The chunk of the view Keydesk opens on (electron.vite.config.ts names it). */
const START_VIEW_CHUNK = 'KeysView';
const PACK_SOURCES: Readonly<Record<Language, string>> = {
  'en-US': 'src/i18n/packs/en-US.ts',
  'zh-CN': 'src/i18n/packs/zh-CN.ts',
};

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    name: z.string().optional(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);
export type BuildManifest = z.infer<typeof manifestSchema>;

/** The renderer build's `.vite/manifest.json`, or null (an older build, a development server): no preloads then. */
export function readBuildManifest(rendererDir: string): BuildManifest | null {
  try {
    const text = readFileSync(join(rendererDir, '.vite', 'manifest.json'), 'utf8');
    if (text.length > MAX_MANIFEST_BYTES) return null;
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * JSON that can sit inside a script element: `<`, `>` and `&` as escapes, so no value (an account's label, a
 * server's message) can close the element, open a comment or start markup; U+2028 and U+2029 as escapes too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The language the page will show: the user's choice, else the browser's first preferred one (as the page reads it). */
export function pageLanguage(settings: FirstFrame['settings'], acceptLanguage: string | undefined): Language {
  if (settings.ok && settings.value.language !== null) return settings.value.language;
  return (acceptLanguage ?? '').trim().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

/** Files a chunk needs that the entry does not already load: its own, its imports' (transitively) and their styles. */
export function preloadsOf(manifest: BuildManifest, keys: readonly string[]): { scripts: string[]; styles: string[] } {
  const closure = (start: readonly string[]): string[] => {
    const seen: string[] = [];
    const queue = [...start];
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      const chunk = manifest[key];
      if (seen.includes(key) || chunk === undefined) continue;
      seen.push(key);
      queue.push(...(chunk.imports ?? []));
    }
    return seen;
  };
  const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true);
  const loaded = new Set(closure(entry));
  const wanted = closure(keys).filter((key) => !loaded.has(key));
  return {
    scripts: wanted.map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js')),
    styles: [...new Set(wanted.flatMap((key) => manifest[key]?.css ?? []))],
  };
}

/** The manifest's key for the start view's chunk and the shown language's pack. */
function firstScreenKeys(manifest: BuildManifest, language: Language): string[] {
  const view = Object.keys(manifest).find((key) => manifest[key]?.name === START_VIEW_CHUNK);
  return [PACK_SOURCES[language], ...(view === undefined ? [] : [view])];
}

/** The built index.html with the first frame's data block and preloads put in before `</head>`. */
export function withFirstFrame(
  html: string,
  frame: FirstFrame,
  preloads: { readonly scripts: readonly string[]; readonly styles: readonly string[] },
): string {
  const links = [
    ...preloads.scripts.map((file) => `<link rel="modulepreload" crossorigin href="./${file}">`),
    ...preloads.styles.map((file) => `<link rel="stylesheet" crossorigin href="./${file}">`),
  ];
  const data = `<script type="application/json" id="${FIRST_FRAME_ELEMENT_ID}">${scriptSafeJson(frame)}</script>`;
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}${links.join('')}${data}${html.slice(at)}`;
}

/** The page hook of the loopback transport: asks for the first frame and puts it, with its preloads, into the page. */
export function firstFramePage(options: {
  readonly firstFrame: () => Promise<Result<unknown>>;
  readonly manifest: BuildManifest | null;
}): (html: string, request: IncomingMessage) => Promise<string> {
  return async (html, request) => {
    const answer = await options.firstFrame();
    if (!answer.ok) return html;
    const frame = answer.value as FirstFrame;
    const language = pageLanguage(frame.settings, request.headers['accept-language']);
    const preloads =
      options.manifest === null
        ? { scripts: [], styles: [] }
        : preloadsOf(options.manifest, firstScreenKeys(options.manifest, language));
    return withFirstFrame(html, frame, preloads);
  };
}
