// Request log for tests: what reached the api and base listeners, with every credential masked.
import type { MiddlewareHandler } from 'hono';
import type { Clock } from './clock';
import type { AuthKind, GatewayEnv, Listener } from './http';
import { BAD_JSON, isRecord } from './http';

export interface LogEntry {
  seq: number;
  /** Gateway clock, Unix seconds. */
  time: number;
  listener: Listener;
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  auth_kind: AuthKind;
  status: number;
  /** Kind of the injected fault that answered, when one did. */
  fault?: string;
}

export const MASK = '***';
// Fields whose values are secrets wherever they appear (login, batch reveal results, seeds in admin calls).
// flow_token and code: the second login step's credentials on the new-api profiles.
const SECRET_FIELDS = new Set([
  'password',
  'password_encrypted',
  'token',
  'key',
  'keys',
  'access_token',
  'access_tokens',
  'authorization',
  'flow_token',
  'code',
]);

export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET_FIELDS.has(k.toLowerCase()) ? MASK : maskSecrets(v)]),
  );
}

export class RequestLog {
  private entries: LogEntry[] = [];
  private seq = 0;

  constructor(private readonly clock: Clock) {}

  list(since = 0): LogEntry[] {
    return this.entries.filter((e) => e.seq > since);
  }

  clear(): void {
    this.entries = [];
  }

  middleware(listener: Listener): MiddlewareHandler<GatewayEnv> {
    return async (c, next) => {
      const url = new URL(c.req.url);
      const entry: LogEntry = {
        seq: ++this.seq,
        time: this.clock.now(),
        listener,
        method: c.req.method,
        path: url.pathname,
        query: maskSecrets(Object.fromEntries(url.searchParams)) as Record<string, string>,
        body: undefined,
        auth_kind: 'none',
        status: 0,
      };
      this.entries.push(entry);
      await next();
      const body: unknown = c.get('body');
      entry.body = body === BAD_JSON ? '<malformed json>' : maskSecrets(body);
      entry.auth_kind = c.get('authKind');
      entry.status = c.res.status;
      const fault = c.get('fault') as string | undefined;
      if (fault !== undefined) entry.fault = fault;
    };
  }
}
