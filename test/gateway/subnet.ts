// one-api's per-key IP limit, `subnet`: comma-separated CIDRs, each trimmed and parsed with Go's net.ParseCIDR when a
// key is written, and a /v1 call admitted only from an address inside one of them (songquanpeng/one-api 8df4a267
// common/network/ip.go, controller/token.go validateToken, middleware/auth.go TokenAuth).
import { BlockList, isIP } from 'node:net';

/** strings.Split(subnets, ",") with strings.TrimSpace on each entry; an empty string is one empty entry, as in Go. */
export const splitSubnets = (subnets: string): string[] => subnets.split(',').map((s) => s.trim());

/**
 * Go's net.ParseCIDR: an address (netip.ParseAddr: no IPv4 octet with a leading zero, no IPv6 zone) and a decimal
 * prefix no longer than the address family allows. Returns Go's error text, or undefined when it parses.
 */
export function parseCidrError(entry: string): string | undefined {
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const prefix = slash === -1 ? '' : entry.slice(slash + 1);
  const family = address.includes('%') ? 0 : isIP(address);
  const bits = family === 4 ? 32 : 128;
  if (slash === -1 || family === 0 || !/^\d+$/.test(prefix) || Number(prefix) > bits) {
    return `invalid CIDR address: ${entry}`;
  }
  return undefined;
}

/**
 * validateToken's refusal of a subnet list, verbatim (`参数错误：` is added by the handler), or undefined when every
 * entry parses. IsValidSubnets stops at the first bad entry.
 */
export function subnetRefusal(subnets: string): string | undefined {
  for (const entry of splitSubnets(subnets)) {
    const error = parseCidrError(entry);
    if (error !== undefined) return `参数错误：无效的网段：failed to parse subnet: ${error}`;
  }
  return undefined;
}

/** IsIpInSubnets: the client address inside any entry; an entry that does not parse admits nobody. */
export function isIpInSubnets(ip: string, subnets: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  return splitSubnets(subnets).some((entry) => {
    if (parseCidrError(entry) !== undefined) return false;
    const [address = '', prefix = ''] = entry.split('/');
    const entryFamily = isIP(address);
    // Go's IPNet.Contains compares an IPv4 address only with IPv4 networks, and IPv6 with IPv6.
    if (entryFamily !== family) return false;
    const list = new BlockList();
    list.addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
    return list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
  });
}

/** TokenAuth's refusal of a call from outside the key's subnets (HTTP 403), verbatim. */
export const subnetDenied = (subnets: string, ip: string): string =>
  `该令牌只能在指定网段使用：${subnets}，当前 ip：${ip}`;
