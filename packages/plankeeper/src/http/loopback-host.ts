/**
 * The one loopback rule, for bind addresses and for the host part of Host and Origin
 * headers: a host counts as loopback when only this machine can reach it. Written with
 * the URL parser alone (no node:net), like the rest of the core, for edge runtimes too.
 */

/**
 * A name under `localhost`, the name itself included, with at most one trailing dot
 * (the fully qualified spelling of the same name). RFC 6761 §6.3 reserves all of them
 * for loopback, and browsers resolve them to loopback without asking DNS, so a web page
 * cannot send such a Host to a rebound address of its own.
 */
const LOCALHOST_NAME = /^(?:[a-z0-9_-]+\.)*localhost\.?$/;

/** Dotted-quad IPv4, each part 0-255 without leading zeros (as node:net's isIPv4 reads it). */
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * True for `localhost` and every `*.localhost` name (any case, trailing dot allowed),
 * 127.0.0.0/8, and `::1` or 127.0.0.0/8 mapped into IPv6, in any spelling, brackets
 * allowed. `0.0.0.0` and `::` listen on every interface, so they are not loopback.
 *
 * @example
 * isLoopbackHost('app.localhost'); // true
 * isLoopbackHost('[::1]'); // true
 * isLoopbackHost('0.0.0.0'); // false
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (IPV4.test(name)) return name.startsWith('127.');
  if (name.includes(':')) return isLoopbackIPv6(name);
  return LOCALHOST_NAME.test(name);
}

function isLoopbackIPv6(address: string): boolean {
  // Only hex digits, colons and dots (an embedded IPv4) may reach the URL parser, so
  // nothing can close the brackets early; zone ids such as `::1%lo` stop here too, and
  // a scoped address is not a plain loopback one.
  if (!/^[0-9a-f:.]+$/.test(address)) return false;
  let canonical: string;
  try {
    // The URL parser writes every spelling one way (`0:0::1` is `::1`).
    canonical = new URL(`http://[${address}]`).hostname;
  } catch {
    return false;
  }
  if (canonical === '[::1]') return true;
  // IPv4-mapped (::ffff:127.0.0.1) is canonicalized to hex groups: ::ffff:7fxx:xxxx.
  return /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical);
}
