// Why a request got no answer at all, read from what the platform's fetch threw, so the user is told what to check
// rather than shown a type name. Node's fetch (undici, browser mode) throws TypeError "fetch failed" whose cause
// carries a system code (ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED…), or "bad port" for a port fetch refuses.
// Electron's net.fetch (the desktop app) rejects with a plain Error whose message is Chromium's "net::ERR_…" name.
import type { ErrorReason } from '../../src-shared/contract';

export interface NetworkFailure {
  readonly reason: ErrorReason;
  /** The system's own name for the failure (ECONNREFUSED, ERR_NAME_NOT_RESOLVED…): searchable, never request data. */
  readonly cause: string | null;
}

/** Both stacks' names for one kind of failure, most specific first. */
const KINDS: readonly (readonly [ErrorReason, RegExp])[] = [
  ['network.unsafe_port', /^(BAD_PORT|ERR_UNSAFE_PORT)$/],
  // Any name about a certificate, before the other TLS failures (ERR_TLS_CERT_ALTNAME_INVALID is one).
  ['network.certificate', /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/],
  ['network.tls', /^(EPROTO|ERR_SSL_.*|ERR_TLS_.*)$/],
  ['network.refused', /^(ECONNREFUSED|ERR_CONNECTION_REFUSED)$/],
  ['network.name_not_found', /^(ENOTFOUND|EAI_AGAIN|EAI_FAIL|ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED)$/],
  ['network.offline', /^(ENETDOWN|ERR_INTERNET_DISCONNECTED)$/],
  [
    'network.no_route',
    /^(ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT|ERR_CONNECTION_TIMED_OUT|ERR_TIMED_OUT|ERR_ADDRESS_UNREACHABLE)$/,
  ],
  [
    'network.reset',
    /^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED|ERR_CONNECTION_RESET|ERR_CONNECTION_CLOSED|ERR_EMPTY_RESPONSE|ERR_CONNECTION_ABORTED|ERR_NETWORK_CHANGED)$/,
  ],
  ['network.proxy', /^(ERR_PROXY_.*|ERR_TUNNEL_CONNECTION_FAILED|ERR_MANDATORY_PROXY_CONFIGURATION_FAILED)$/],
];

/** A system code as it may be shown: capitals, digits and underscores, bounded; anything else is not shown. */
const SYSTEM_CODE = /^[A-Z][A-Z0-9_]{1,63}$/;

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;

/** The code a failure names, from Electron's message, undici's cause, or the first of an AggregateError's. */
function systemCode(error: unknown): string | null {
  if (error instanceof Error) {
    const net = /^net::(ERR_[A-Z0-9_]{1,60})$/.exec(error.message);
    if (net?.[1] !== undefined) return net[1];
  }
  const cause = asRecord(error instanceof Error ? error.cause : undefined);
  if (cause === null) return null;
  if (typeof cause.code === 'string') return SYSTEM_CODE.test(cause.code) ? cause.code : null;
  // undici refuses the ports browsers block (fetch's "bad port" list) before connecting.
  if (cause.message === 'bad port') return 'BAD_PORT';
  // Happy eyeballs: one failure per address tried, the cause an AggregateError of them.
  const first = asRecord(Array.isArray(cause.errors) ? (cause.errors as unknown[])[0] : undefined);
  return typeof first?.code === 'string' && SYSTEM_CODE.test(first.code) ? first.code : null;
}

export function describeNetworkFailure(error: unknown): NetworkFailure {
  const code = systemCode(error);
  if (code === null) return { reason: 'network.failed', cause: null };
  const kind = KINDS.find(([, pattern]) => pattern.test(code));
  return { reason: kind?.[0] ?? 'network.unreachable', cause: code };
}
