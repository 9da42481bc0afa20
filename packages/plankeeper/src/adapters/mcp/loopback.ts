/**
 * Loopback checks for the HTTP server: whether a bind address is reachable only from this
 * machine, and whether a request's Host and Origin name this machine (a web page on another
 * site could otherwise reach a local server through DNS rebinding).
 */
import { isIPv4, isIPv6 } from 'node:net';

/** True for `localhost`, 127.0.0.0/8 and ::1 (brackets allowed). `0.0.0.0` and `::` are not loopback. */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIPv4(name)) return name.startsWith('127.');
  if (isIPv6(name)) {
    const canonical = new URL(`http://[${name}]`).hostname;
    if (canonical === '[::1]') return true;
    // IPv4-mapped (::ffff:127.0.0.1) is canonicalized to hex groups: ::ffff:7fxx:xxxx.
    return /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical);
  }
  return false;
}

/** True when a Host header value (`name[:port]`) names a loopback host. */
export function isLoopbackHostHeader(value: string | undefined): boolean {
  if (!value) return false;
  try {
    return isLoopbackHost(new URL(`http://${value}`).hostname);
  } catch {
    return false;
  }
}

/** True when there is no Origin (not a browser) or it is a loopback origin. */
export function isLoopbackOrigin(value: string | undefined): boolean {
  if (value === undefined) return true;
  try {
    return isLoopbackHost(new URL(value).hostname);
  } catch {
    return false;
  }
}
