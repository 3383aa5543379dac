// The local channel as a feature of the running app: started once every method it serves exists (the status snapshot,
// the agents' answers), closed on quit with its file removed. Keydesk works without it: a channel that cannot start
// is logged, and `keydesk status` and `keydesk mcp` then read the caches.
import type { Core } from '../../core';
import type { Feature } from '../feature';
import { startLocalChannel, type ChannelMethod, type LocalChannel } from './channel.server';

export interface ChannelDeps {
  /** What the channel answers, by method name: the status snapshot and the agents' answers. */
  readonly methods: Readonly<Record<string, ChannelMethod>>;
}

export async function createChannelFeature(
  core: Core,
  deps: ChannelDeps,
): Promise<Feature & { readonly channel: LocalChannel | null }> {
  const log = core.log.child('channel');
  let channel: LocalChannel | null = null;
  try {
    channel = await startLocalChannel({ dataDir: core.dataDir, methods: deps.methods, log });
  } catch (error) {
    log.warn('the local channel could not start', { error: String(error) });
  }
  return {
    channel,
    register: () => undefined,
    dispose: async () => {
      await channel?.close();
    },
  };
}
