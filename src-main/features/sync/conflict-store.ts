// Conflicting copies as this device keeps them between runs: a JSON text inside the sync's vault entry (they may
// hold credentials), bounded, read back leniently (an entry that does not parse is dropped, never fatal).
import { z } from 'zod';
import { entriesOf, idRecord } from '../../id-record';
import { parseVersion, versionText } from './hlc';
import { MAX_ALTERNATIVES, type Alternative } from './merge';

/** The most conflicted records kept; a folder with more has bigger problems than this list can show. */
const MAX_CONFLICTED = 200;

// By record file name: a prototype-less record (id-record.ts), so no name is lost or taken for Object's own.
const storedSchema = idRecord(
  z.array(z.object({ version: z.string().max(80), deleted: z.boolean(), body: z.unknown() })).max(MAX_ALTERNATIVES),
).refine((stored) => Object.keys(stored).every((name) => name.length <= 128));

export function encodeConflicts(conflicts: ReadonlyMap<string, readonly Alternative[]>): string {
  const entries = [...conflicts]
    .slice(0, MAX_CONFLICTED)
    .map(([name, alternatives]) => [
      name,
      alternatives.map((a) => ({ version: versionText(a.version), deleted: a.deleted, body: a.body ?? null })),
    ]);
  return JSON.stringify(Object.fromEntries(entries));
}

export function decodeConflicts(text: string): Map<string, Alternative[]> {
  const map = new Map<string, Alternative[]>();
  if (text === '') return map;
  let parsed: z.infer<typeof storedSchema>;
  try {
    parsed = storedSchema.parse(JSON.parse(text));
  } catch {
    return map;
  }
  for (const [name, stored] of entriesOf(parsed)) {
    const alternatives: Alternative[] = [];
    for (const a of stored) {
      const version = parseVersion(a.version);
      if (version !== null) alternatives.push({ version, deleted: a.deleted, body: a.body ?? null });
    }
    if (alternatives.length > 0) map.set(name, alternatives);
  }
  return map;
}
