// The local channel as a feature of the running app: started once every method it serves exists (the status snapshot,
// the agents' answers), closed on quit with its file removed. Keydesk works without it: a channel that cannot start
// is logged, and `keydesk status` and `keydesk mcp` then read the caches.
import type { Logger } from '../../log/logger';
import type { Feature } from '../feature';
import { startLocalChannel, type ChannelMethod, type LocalChannel } from './channel.server';

export async function createChannelFeature(options: {
  readonly dataDir: string;
  readonly methods: Readonly<Record<string, ChannelMethod>>;
  readonly log: Logger;
}): Promise<Feature & { readonly channel: LocalChannel | null }> {
  let channel: LocalChannel | null = null;
  try {
    channel = await startLocalChannel(options);
  } catch (error) {
    options.log.warn('the local channel could not start', { error: String(error) });
  }
  return {
    channel,
    register: () => undefined,
    dispose: async () => {
      await channel?.close();
    },
  };
}
