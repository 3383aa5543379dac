// No import cycles in the app's own source: a walk over the relative import graph of src-main, src-shared and the
// renderer (TypeScript's own import scanner, type-only imports included, since a cycle of types is still a knot).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const TREES = ['src-main', 'src-shared', 'src-renderer/src'];
const EXTENSIONS = ['.ts', '.vue'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The script blocks of a .vue file, or the whole text of a .ts file. */
function scriptText(path: string): string {
  const text = readFileSync(path, 'utf8');
  if (!path.endsWith('.vue')) return text;
  return [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join('\n');
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined; // packages and aliases are outside the walk
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')];
  return candidates.find((path) => EXTENSIONS.some((ext) => path.endsWith(ext)) && existsSync(path));
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const tree of TREES) {
    for (const file of sourceFiles(join(ROOT, tree))) {
      const { importedFiles } = ts.preProcessFile(scriptText(file), true, true);
      const targets = importedFiles
        .map((imported) => resolveImport(file, imported.fileName))
        .filter((target): target is string => target !== undefined);
      graph.set(file, targets);
    }
  }
  return graph;
}

/** Every strongly connected component with more than one file (or a file importing itself): Tarjan's algorithm. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) {
      found.push(component.map((file) => relative(ROOT, file)).sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import graph', () => {
  it('walks the whole source: every tree has files and relative imports resolve', () => {
    const graph = importGraph();
    for (const tree of TREES) {
      expect([...graph.keys()].some((file) => relative(ROOT, file).startsWith(`${tree}/`))).toBe(true);
    }
    // The walk would find nothing if it resolved nothing: the app's entry reaches its features.
    expect(graph.get(join(ROOT, 'src-main/app.ts'))?.length).toBeGreaterThan(10);
  });

  it('has no cycle in src-main, src-shared or the renderer', () => {
    expect(cycles(importGraph())).toEqual([]);
  });

  it('finds a cycle when there is one (the detector itself)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(graph).map((component) => component.length)).toEqual([3]);
  });
});
