import { isIPv4, isIPv6 } from 'node:net';

/**
 * True when `host` can only be reached from this machine. Only literal loopback
 * addresses and `localhost` count: any other name may resolve to a public interface,
 * and `0.0.0.0` / `::` listen on every interface.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const name = bare.toLowerCase();
  if (name === 'localhost') return true;
  if (isIPv4(name)) return name.startsWith('127.');
  if (isIPv6(name)) {
    if (name === '::1' || name === '0:0:0:0:0:0:0:1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(name);
    return mapped?.[1]?.startsWith('127.') === true;
  }
  return false;
}

/** The host part of a `Host` header (`name:port`, `[v6]:port`), or undefined if malformed. */
export function hostnameOfHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  if (header.startsWith('[')) {
    const end = header.indexOf(']');
    return end > 0 ? header.slice(0, end + 1) : undefined;
  }
  const colon = header.lastIndexOf(':');
  return colon >= 0 ? header.slice(0, colon) : header;
}
