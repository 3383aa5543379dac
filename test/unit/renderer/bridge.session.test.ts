// @vitest-environment happy-dom
// The page's side of the launch-code exchange: the fragment is gone before anything else runs, nothing is kept in
// storage, every call waits for the session and carries no credential of its own (the HttpOnly cookie does).
import { describe, expect, it, vi } from 'vitest';
import { createLoopbackApi, openSession, takeLaunchCode } from '../../../src-renderer/src/bridge';

// The module builds its own bridge on import; a stand-in preload global keeps that one from calling out.
vi.hoisted(() => {
  (globalThis as Record<string, unknown>).keydesk = {};
});

const CODE = 'ab'.repeat(32);

function fakeWindow(hash: string) {
  const location = { hash, pathname: '/', search: '' } as Location;
  const replaced: string[] = [];
  const history = {
    replaceState: (_state: unknown, _title: string, url: string) => {
      replaced.push(url);
      location.hash = url.slice(url.indexOf('#'));
    },
  } as unknown as History;
  const store = new Map<string, string>([['keydesk.bridge-token', 'f'.repeat(64)]]);
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  } as unknown as Storage;
  return { location, history, storage, replaced, store };
}

describe('launch code in the page', () => {
  it('takes the code, removes the fragment and keeps nothing in storage', () => {
    const w = fakeWindow(`#code=${CODE}`);
    expect(takeLaunchCode(w.location, w.history, w.storage)).toBe(CODE);
    expect(w.replaced).toEqual(['/#/']);
    expect(w.location.hash).not.toContain(CODE);
    expect([...w.store.keys()]).toEqual([]); // an older build's token is wiped too
  });

  it('answers null on a reload without touching the address', () => {
    const w = fakeWindow('#/keys');
    expect(takeLaunchCode(w.location, w.history, w.storage)).toBeNull();
    expect(w.replaced).toEqual([]);
  });

  it('exchanges the code, then calls with no Authorization header', async () => {
    const fetchImpl = vi.fn((url: string, _init?: RequestInit) =>
      Promise.resolve(new Response(url === '/bridge/session' ? '{"ok":true,"value":null}' : '{"ok":true,"value":1}')),
    );
    const f = fetchImpl as unknown as typeof fetch;
    const api = createLoopbackApi(openSession(CODE, f), f);
    expect(await api.app.info()).toEqual({ ok: true, value: 1 });
    const [session, call] = fetchImpl.mock.calls;
    expect(session?.[0]).toBe('/bridge/session');
    expect(JSON.parse(session?.[1]?.body as string)).toEqual({ code: CODE });
    expect(call?.[0]).toBe('/bridge/invoke/app%3Ainfo');
    expect(JSON.stringify(call?.[1]?.headers)).not.toMatch(/authorization/i);
  });

  it('reports a refused code as forbidden without calling main', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(new Response('{}', { status: 403 })));
    const f = fetchImpl as unknown as typeof fetch;
    const api = createLoopbackApi(openSession(CODE, f), f);
    expect(await api.app.info()).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
