// The failure names both fetches give, mapped to what the user is told. Electron's net.fetch rejects with
// `new Error(netErrorString)` (net-client-request.ts): the shapes below are that. Node's are checked against real
// sockets in test/integration/gateway/network-failure.int.test.ts.
import { describe, expect, it } from 'vitest';
import { describeNetworkFailure } from '../../../../src-main/gateway/network-failure';

const electron = (name: string): Error => new Error(`net::${name}`);
const undici = (cause: unknown): TypeError => new TypeError('fetch failed', { cause });

describe('describeNetworkFailure', () => {
  it.each([
    ['ERR_CONNECTION_REFUSED', 'network.refused'],
    ['ERR_NAME_NOT_RESOLVED', 'network.name_not_found'],
    ['ERR_CONNECTION_TIMED_OUT', 'network.no_route'],
    ['ERR_ADDRESS_UNREACHABLE', 'network.no_route'],
    ['ERR_CONNECTION_RESET', 'network.reset'],
    ['ERR_EMPTY_RESPONSE', 'network.reset'],
    ['ERR_NETWORK_CHANGED', 'network.reset'],
    ['ERR_CERT_AUTHORITY_INVALID', 'network.certificate'],
    ['ERR_CERT_DATE_INVALID', 'network.certificate'],
    ['ERR_CERT_COMMON_NAME_INVALID', 'network.certificate'],
    ['ERR_SSL_PROTOCOL_ERROR', 'network.tls'],
    ['ERR_INTERNET_DISCONNECTED', 'network.offline'],
    ['ERR_PROXY_CONNECTION_FAILED', 'network.proxy'],
    ['ERR_TUNNEL_CONNECTION_FAILED', 'network.proxy'],
    ['ERR_UNSAFE_PORT', 'network.unsafe_port'],
    ['ERR_FAILED', 'network.unreachable'],
  ])('Electron’s net::%s is %s, with its name as the cause', (name, reason) => {
    expect(describeNetworkFailure(electron(name))).toEqual({ reason, cause: name });
  });

  it.each([
    ['ECONNREFUSED', 'network.refused'],
    ['ENOTFOUND', 'network.name_not_found'],
    ['EAI_AGAIN', 'network.name_not_found'],
    ['UND_ERR_CONNECT_TIMEOUT', 'network.no_route'],
    ['EHOSTUNREACH', 'network.no_route'],
    ['UND_ERR_SOCKET', 'network.reset'],
    ['ECONNRESET', 'network.reset'],
    ['CERT_HAS_EXPIRED', 'network.certificate'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'network.certificate'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'network.certificate'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'network.certificate'],
    ['EPROTO', 'network.tls'],
    ['ENETDOWN', 'network.offline'],
    ['EACCES', 'network.unreachable'],
  ])('Node’s cause code %s is %s', (code, reason) => {
    expect(describeNetworkFailure(undici({ code }))).toEqual({ reason, cause: code });
  });

  it('the first address of a happy-eyeballs AggregateError names the failure', () => {
    const cause = Object.assign(new AggregateError([{ code: 'ECONNREFUSED' }, { code: 'ENETUNREACH' }]), {});
    expect(describeNetworkFailure(undici(cause))).toEqual({ reason: 'network.refused', cause: 'ECONNREFUSED' });
  });

  it('undici’s "bad port" refusal is the unsafe port', () => {
    expect(describeNetworkFailure(undici(new Error('bad port')))).toEqual({
      reason: 'network.unsafe_port',
      cause: 'BAD_PORT',
    });
  });

  it('no system name at all: "could not reach", with no type name for a cause', () => {
    expect(describeNetworkFailure(new TypeError('fetch failed'))).toEqual({ reason: 'network.failed', cause: null });
    expect(describeNetworkFailure(new Error('socket hang up'))).toEqual({ reason: 'network.failed', cause: null });
    expect(describeNetworkFailure('nope')).toEqual({ reason: 'network.failed', cause: null });
  });

  it('a cause that is not a system code is never shown (it could carry anything)', () => {
    expect(describeNetworkFailure(undici({ code: 'sk-not-a-code 1.2.3.4' }))).toEqual({
      reason: 'network.failed',
      cause: null,
    });
    expect(describeNetworkFailure(new Error('net::ERR_X https://user:pw@host/'))).toEqual({
      reason: 'network.failed',
      cause: null,
    });
  });
});
