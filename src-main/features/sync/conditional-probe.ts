// Once per server: does it honour conditional writes? A scratch file is created with If-None-Match: *, created
// again (must be refused), given a wrong If-Match (must be refused) and the right one (must be written), then
// deleted. A server that writes anyway would let two Keydesks overwrite each other: sync refuses to run on it.
import { randomUUID } from 'node:crypto';
import type { SyncRemote } from './webdav.remote';

export type ProbeResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly problem: 'conditional_ignored'; readonly step: 'if_none_match' | 'if_match' }
  | { readonly ok: false; readonly problem: 'weak_etags' };

export async function probeConditionalWrites(remote: SyncRemote): Promise<ProbeResult> {
  const name = `probe-${randomUUID()}.tmp`;
  const bytes = (text: string) => new TextEncoder().encode(text);
  try {
    const created = await remote.put(name, bytes('keydesk probe 1'), { ifNoneMatch: '*' });
    if (created.status !== 'written') return { ok: false, problem: 'conditional_ignored', step: 'if_none_match' };
    const again = await remote.put(name, bytes('keydesk probe 2'), { ifNoneMatch: '*' });
    if (again.status !== 'precondition_failed') {
      return { ok: false, problem: 'conditional_ignored', step: 'if_none_match' };
    }
    const entry = (await remote.list()).find((file) => file.name === name);
    if (entry?.etag == null || !entry.isStrong) return { ok: false, problem: 'weak_etags' };
    const wrong = await remote.put(name, bytes('keydesk probe 3'), { ifMatch: `${entry.etag}-not-this-one` });
    if (wrong.status !== 'precondition_failed') return { ok: false, problem: 'conditional_ignored', step: 'if_match' };
    const right = await remote.put(name, bytes('keydesk probe 4'), { ifMatch: entry.etag });
    if (right.status !== 'written') return { ok: false, problem: 'conditional_ignored', step: 'if_match' };
    return { ok: true };
  } finally {
    await remote.remove(name, null).catch(() => undefined);
  }
}
