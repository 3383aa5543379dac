// `npm run gateway -- [--seed FILE] [--profile NAME] [--api-port N] [--base-port N] [--admin-port N] [--latency MS]`:
// prints one JSON line with the three URLs, then serves until SIGINT/SIGTERM and exits 0.
import { parseArgs } from 'node:util';
import type { ProfileName } from './profiles';
import { PROFILE_NAMES } from './profiles';
import { startGateway } from './server';

function profile(raw: string | undefined): ProfileName | undefined {
  if (raw === undefined) return undefined;
  const found = PROFILE_NAMES.find((name) => name === raw);
  if (!found) throw new Error(`--profile must be one of ${PROFILE_NAMES.join(', ')}`);
  return found;
}

function port(raw: string | undefined, name: string): number {
  if (raw === undefined) return 0;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`--${name} must be a port number`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      profile: { type: 'string' },
      'api-port': { type: 'string' },
      'base-port': { type: 'string' },
      'admin-port': { type: 'string' },
      latency: { type: 'string' },
    },
    strict: true,
  });
  const latencyMs = values.latency === undefined ? 0 : Number(values.latency);
  if (!Number.isFinite(latencyMs) || latencyMs < 0) throw new Error('--latency must be a number of milliseconds');
  const gateway = await startGateway({
    ...(values.seed === undefined ? {} : { seed: values.seed }),
    ...(values.profile === undefined ? {} : { profile: profile(values.profile) }),
    apiPort: port(values['api-port'], 'api-port'),
    basePort: port(values['base-port'], 'base-port'),
    adminPort: port(values['admin-port'], 'admin-port'),
    latencyMs,
  });
  process.stdout.write(
    `${JSON.stringify({ api_url: gateway.api_url, base_url: gateway.base_url, admin_url: gateway.admin_url })}\n`,
  );
  const stop = () => {
    void gateway.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`gateway: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
