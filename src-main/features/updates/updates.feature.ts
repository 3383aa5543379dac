// Builds the updates feature on Core (the platform's update ports, its clock, a data file): the service, its
// handlers, the start (schedules the first check; never waits) and the dispose for quit.
import type { UpdateStatus } from '../../../src-shared/contract';
import type { Router } from '../../bridge/router';
import type { Core } from '../../core';
import type { KeyObject } from 'node:crypto';
import { trustedFeedKeys } from './feed-keys';
import { HttpUpdateFeed } from './http-feed';
import { registerUpdatesHandlers } from './updates.handlers';
import { DEFAULT_UPDATES, updatesDocumentSchema } from './updates.schema';
import { UpdatesService } from './updates.service';

export interface UpdatesDeps {
  /** Tests only: the keys a feed must be signed with instead of the release keys built in (feed-keys.ts). */
  readonly trustedKeys?: readonly KeyObject[];
}

export interface UpdatesFeature {
  readonly service: UpdatesService;
  register(router: Router): void;
  /** Schedules the first background check a while after start; returns at once. */
  start(): void;
  dispose(): void;
}

/** An address that stops sending for 20 s is treated as unreachable. */
const FEED_STALL_MS = 20_000;

export function createUpdatesFeature(core: Core, deps: UpdatesDeps = {}): UpdatesFeature {
  const { clock, log } = core;
  const platform = core.platform.updates;
  const service = new UpdatesService({
    currentVersion: core.version,
    install: platform.install,
    feedFile: platform.feedFile,
    githubFeedUrl: platform.githubFeedUrl,
    feed: new HttpUpdateFeed({ fetch: platform.fetch, clock, stallMs: FEED_STALL_MS }),
    trustedKeys: deps.trustedKeys ?? trustedFeedKeys(),
    downloader: platform.downloader,
    clock,
    store: core.store('updates', updatesDocumentSchema, DEFAULT_UPDATES, {
      corruptNote: 'updates file was unreadable; kept aside, checks are on again',
    }),
    log: log.child('updates'),
    onChange: (status: UpdateStatus) => {
      core.events.emit('updates:changed', status);
    },
  });
  return {
    service,
    register: (router) => {
      registerUpdatesHandlers(router, service);
    },
    start: () => {
      service.start();
    },
    dispose: () => {
      service.dispose();
    },
  };
}
