// startGateway: builds state from a seed and serves the api, base and admin listeners on 127.0.0.1.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { registerAccessTokenRoutes } from './access-token.routes';
import { registerAdminRoutes } from './admin.routes';
import type { ClockOptions } from './clock';
import { Clock } from './clock';
import { FaultStore } from './faults';
import type { GatewayEnv, Listener } from './http';
import { captureBody, json, notFound, routeNotFound } from './http';
import { registerKeyRoutes } from './keys.routes';
import { registerListingRoutes } from './listing.routes';
import { registerLogRoutes } from './logs.routes';
import { Mutex } from './mutex';
import type { ProfileName } from './profiles';
import { profileOf } from './profiles';
import { rateLimit } from './rate-limit';
import { RequestLog } from './request-log';
import type { Seed, SeedInput } from './seed.schema';
import { DEMO_SEED_PATH, loadSeedFile, parseSeed } from './seed.schema';
import { GatewayState } from './state';
import { registerStatusRoutes } from './status.routes';
import { registerUserRoutes } from './user.routes';
import { registerV1Routes } from './v1.routes.ts';

export interface StartGatewayOptions {
  /** Seed object, or a path to a seed JSON file; default: the demo seed. */
  seed?: SeedInput | string;
  /** Ports; 0 or omitted = a free port. */
  apiPort?: number;
  basePort?: number;
  adminPort?: number;
  /** Real delay added to every api and base request, in milliseconds. */
  latencyMs?: number;
  clock?: ClockOptions;
  /** Seed of the PRNG that decides fractional faults. */
  faultSeed?: number;
  /** Server era to emulate; overrides the seed's `settings.profile` (default `spec`). */
  profile?: ProfileName;
}

export interface Gateway {
  api_url: string;
  base_url: string;
  admin_url: string;
  clock: Clock;
  state: GatewayState;
  log: RequestLog;
  faults: FaultStore;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

function resolveSeed(seed: StartGatewayOptions['seed']): Seed {
  if (seed === undefined) return loadSeedFile(DEMO_SEED_PATH);
  return typeof seed === 'string' ? loadSeedFile(seed) : parseSeed(seed);
}

async function listen(app: Hono<GatewayEnv>, port: number): Promise<Server> {
  const server = createAdaptorServer({ fetch: app.fetch, hostname: HOST }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

function urlOf(server: Server): string {
  return `http://${HOST}:${(server.address() as AddressInfo).port}`;
}

export async function startGateway(options: StartGatewayOptions = {}): Promise<Gateway> {
  const seed = resolveSeed(options.seed);
  const clock = new Clock(options.clock);
  const state = new GatewayState(seed, clock, options.profile && profileOf(options.profile));
  const { profile } = state;
  const log = new RequestLog(clock);
  const faults = new FaultStore(options.faultSeed);
  const mutex = new Mutex();
  const latencyMs = options.latencyMs ?? 0;

  const build = (listener: Listener): Hono<GatewayEnv> => {
    // strict routing: /api/token and /api/token/ are different paths, as on the real server.
    const app = new Hono<GatewayEnv>({ strict: true });
    app.notFound((c) => (listener === 'admin' || profile.notFound === 'text' ? notFound() : routeNotFound(app, c)));
    app.onError((error) => json({ success: false, message: `emulator error: ${String(error)}` }, 500));
    if (listener !== 'admin') app.use('*', log.middleware(listener));
    app.use('*', captureBody);
    if (listener !== 'admin') {
      app.use('*', faults.middleware(listener));
      if (latencyMs > 0) app.use('*', (_c, next) => new Promise((r) => setTimeout(r, latencyMs)).then(next));
    }
    if (listener === 'base') app.use('/api/*', rateLimit(state, 'global'));
    return app;
  };

  const api = build('api');
  registerV1Routes(api, state, mutex);
  const base = build('base');
  registerStatusRoutes(base, state);
  registerUserRoutes(base, state, mutex);
  registerAccessTokenRoutes(base, state, mutex);
  registerKeyRoutes(base, state, mutex);
  registerLogRoutes(base, state);
  registerListingRoutes(base, state);
  const admin = build('admin');
  registerAdminRoutes(admin, { state, faults, log, mutex, seed });

  const servers = await Promise.all([
    listen(api, options.apiPort ?? 0),
    listen(base, options.basePort ?? 0),
    listen(admin, options.adminPort ?? 0),
  ]);
  const [apiServer, baseServer, adminServer] = servers;

  let closing: Promise<void> | undefined;
  return {
    api_url: urlOf(apiServer),
    base_url: urlOf(baseServer),
    admin_url: urlOf(adminServer),
    clock,
    state,
    log,
    faults,
    close() {
      closing ??= (async () => {
        faults.releaseHangs();
        await Promise.all(
          servers.map(
            (s) =>
              new Promise<void>((resolve) => {
                s.close(() => {
                  resolve();
                });
                s.closeAllConnections();
              }),
          ),
        );
      })();
      return closing;
    },
  };
}
