// Public entry of the gateway emulator for tests and scripts.
export { startGateway } from './server';
export type { Gateway, StartGatewayOptions } from './server';
export type { SeedInput, Seed } from './seed.schema';
export { DEMO_SEED_PATH, ALL_SCOPES } from './seed.schema';
export type { FaultInput } from './faults';
export type { LogEntry } from './request-log';
export { CLIENT_IP_HEADER } from './auth';
