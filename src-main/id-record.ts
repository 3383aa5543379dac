// Records keyed by an account id (or any id that came from a file or a server), safe for every id: `constructor`,
// `toString`, `__proto__` included. A plain object answers `record['constructor']` with Object's own function and
// takes `record['__proto__'] = v` as a change of prototype; these records have no prototype, and are only read and
// changed through the helpers below. Parsed from JSON by idRecord (zod's own record drops a `__proto__` key, or
// makes its value the prototype of what it returns).
import { z } from 'zod';

export type IdRecord<V> = Readonly<Record<string, V>>;

/** A record with no prototype, from entries. */
export function idRecordOf<V>(entries: Iterable<readonly [string, V]>): IdRecord<V> {
  const record = Object.create(null) as Record<string, V>;
  // Plain assignment on a prototype-less object defines an own property, `__proto__` included.
  for (const [id, value] of entries) record[id] = value;
  return record;
}

export const emptyIdRecord = <V>(): IdRecord<V> => idRecordOf<V>([]);

/** The value stored under id, only if it is the record's own. */
export const entryOf = <V>(record: IdRecord<V> | undefined, id: string): V | undefined =>
  record !== undefined && Object.hasOwn(record, id) ? record[id] : undefined;

export const hasEntry = <V>(record: IdRecord<V>, id: string): boolean => Object.hasOwn(record, id);

/** Own entries, whatever the ids. */
export const entriesOf = <V>(record: IdRecord<V>): [string, V][] =>
  Object.keys(record).map((id) => [id, record[id] as V]);

/** A copy with id set to value. */
export const withEntry = <V>(record: IdRecord<V>, id: string, value: V): IdRecord<V> =>
  idRecordOf([...entriesOf(record).filter(([key]) => key !== id), [id, value]]);

/** A copy without id. */
export const withoutEntry = <V>(record: IdRecord<V>, id: string): IdRecord<V> =>
  idRecordOf(entriesOf(record).filter(([key]) => key !== id));

/** A copy keeping the entries whose id passes. */
export const keepEntries = <V>(record: IdRecord<V>, keep: (id: string) => boolean): IdRecord<V> =>
  idRecordOf(entriesOf(record).filter(([id]) => keep(id)));

/**
 * A JSON object of values checked by `value`, as a prototype-less record: every own key kept as it is, `__proto__`
 * included. Anything but a plain object, or a value that fails, fails the whole (as z.record does).
 */
export function idRecord<S extends z.ZodType>(value: S) {
  return z.unknown().transform((input, context): IdRecord<z.output<S>> => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      context.addIssue({ code: 'custom', message: 'expected an object of ids' });
      return z.NEVER;
    }
    const out: [string, z.output<S>][] = [];
    for (const id of Object.keys(input)) {
      const parsed = value.safeParse((input as Record<string, unknown>)[id]);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: 'a value of the record is not valid', path: [id] });
        return z.NEVER;
      }
      out.push([id, parsed.data]);
    }
    return idRecordOf(out);
  });
}
