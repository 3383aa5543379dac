// Bundler group for the view Keydesk opens on: the view and everything it imports statically that the entry does not
// already load (its components, its store, its Naive UI parts and their helpers), in one chunk and one stylesheet.
// Left to library grouping by importers, All keys arrived in some twenty files after the entry, and with the key
// lists holding three of a browser's six connections to a host, those files came two at a time.
import type { ChunkingContext } from 'rolldown';

/** Every module `from` imports statically, directly or not (dynamic imports are other chunks' business). */
function staticGraph(from: string, ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * A code-splitting group naming `name` the modules `view` reaches statically and `entry` does not. Modules other
 * views share with it are read from this chunk by those views too; the chunk is what the first screen waits for.
 */
export function startViewGroup(options: { name: string; view: string; entry: string; priority: number }) {
  let members: Set<string> | null = null;
  return {
    name: (id: string, ctx: ChunkingContext): string | null => {
      if (members === null) {
        const shell = staticGraph(options.entry, ctx);
        members = new Set([...staticGraph(options.view, ctx)].filter((m) => !shell.has(m)));
      }
      return members.has(id) ? options.name : null;
    },
    priority: options.priority,
  };
}
