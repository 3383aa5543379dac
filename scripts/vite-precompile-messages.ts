// Vite plugin: compiles the renderer's i18n messages at build time (what vue-i18n would otherwise compile in the
// window), so the bundle can leave out @intlify/message-compiler (__INTLIFY_DROP_MESSAGE_COMPILER__). Every string
// value in src-renderer/src/i18n/<language>/*.ts becomes either its text, when it is plain text (most are: the text
// with its escapes resolved, which i18n/setup.ts's compiler hands back as it is), or vue-i18n's message function for
// it (placeholders, plurals, linked messages). A message with a syntax error fails the build instead of showing its
// key. Plain strings rather than the compiler's syntax tree: each tree was four objects and their literals' templates,
// about a third of the window's heap beyond the stack's for the language pack alone.
import { baseCompile, type CompileError } from '@intlify/message-compiler';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const MESSAGE_FILE = /[\\/]src-renderer[\\/]src[\\/]i18n[\\/](?:en-US|zh-CN)[\\/][^\\/]+\.ts$/;

interface Node {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly value?: unknown;
  readonly [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** The string literals that are values of object properties (message texts; keys are left alone). */
function messageLiterals(root: Node): Node[] {
  const found: Node[] = [];
  const visit = (node: Node): void => {
    if (node.type === 'Property' && isNode(node.value) && node.value.type === 'Literal') {
      if (typeof node.value.value === 'string') found.push(node.value);
      return;
    }
    for (const child of Object.values(node)) {
      if (Array.isArray(child)) child.filter(isNode).forEach(visit);
      else if (isNode(child)) visit(child);
    }
  };
  visit(root);
  return found;
}

/** The text of a message that is plain text (the compiler resolved its escapes into `s`), or null. */
function staticText(ast: unknown): string | null {
  const body = (ast as { b?: { t?: unknown; s?: unknown } }).b;
  // 2 is a message without plural forms; `s` is set only when every part of it is text.
  return body?.t === 2 && typeof body.s === 'string' ? body.s : null;
}

export function precompileMessages(): Plugin {
  return {
    name: 'keydesk:precompile-messages',
    enforce: 'post',
    transform(code, id) {
      if (!MESSAGE_FILE.test(id)) return null;
      const out = new MagicString(code);
      for (const literal of messageLiterals(this.parse(code) as unknown as Node)) {
        const source = literal.value as string;
        const errors: CompileError[] = [];
        const onError = (e: CompileError) => errors.push(e);
        const { ast } = baseCompile(source, { jit: true, minify: true, location: false, onError });
        if (errors.length > 0) this.error(`${id}: message ${JSON.stringify(source)}: ${errors[0]?.message ?? ''}`);
        const text = staticText(ast);
        const compiled =
          text === null
            ? baseCompile(source, { jit: false, mode: 'arrow', minify: true, location: false, onError }).code
            : JSON.stringify(text);
        out.overwrite(literal.start, literal.end, compiled);
      }
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}
