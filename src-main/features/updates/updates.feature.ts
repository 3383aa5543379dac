// Builds the updates feature from the platform's update ports and the app's data folder: the service, its
// handlers, the start (schedules the first check; never waits) and the dispose for quit.
import type { UpdateStatus } from '../../../src-shared/contract';
import type { EventBus } from '../../bridge/events';
import type { Router } from '../../bridge/router';
import type { Logger } from '../../log/logger';
import type { Clock, UpdatesPlatform } from '../../platform/ports';
import type { StoreEngine } from '../../platform/store-engine';
import { ConfigStore } from '../../vault/config.store';
import type { KeyObject } from 'node:crypto';
import { trustedFeedKeys } from './feed-keys';
import { HttpUpdateFeed } from './http-feed';
import { registerUpdatesHandlers } from './updates.handlers';
import { DEFAULT_UPDATES, updatesDocumentSchema } from './updates.schema';
import { UpdatesService } from './updates.service';

export interface UpdatesFeatureOptions {
  readonly dataDir: string;
  readonly version: string;
  readonly events: EventBus;
  readonly log: Logger;
  readonly platform: UpdatesPlatform;
  /** Carries its settings file like every other data file. */
  readonly storeEngine: StoreEngine;
  /** The platform's clock: the first check's delay, the schedule, the feed's and the download's stall watchdogs. */
  readonly clock: Clock;
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

export function createUpdatesFeature(options: UpdatesFeatureOptions): UpdatesFeature {
  const { platform, log } = options;
  const { clock } = options;
  const service = new UpdatesService({
    currentVersion: options.version,
    install: platform.install,
    feedFile: platform.feedFile,
    githubFeedUrl: platform.githubFeedUrl,
    feed: new HttpUpdateFeed({ fetch: platform.fetch, clock, stallMs: FEED_STALL_MS }),
    trustedKeys: options.trustedKeys ?? trustedFeedKeys(),
    downloader: platform.downloader,
    clock,
    store: new ConfigStore({
      engine: options.storeEngine,
      dataDir: options.dataDir,
      name: 'updates',
      schema: updatesDocumentSchema,
      defaults: DEFAULT_UPDATES,
      onCorrupt: (keptAt, reason) => {
        log.warn('updates file was unreadable; kept aside, checks are on again', { keptAt, reason });
      },
    }),
    log: log.child('updates'),
    onChange: (status: UpdateStatus) => {
      options.events.emit('updates:changed', status);
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
