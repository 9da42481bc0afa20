/**
 * Whether a request is addressed to this machine, against DNS rebinding: a web page on
 * another site can point its own name at 127.0.0.1, but its requests then still carry
 * that name in Host (and its site in Origin), which the loopback rule refuses.
 */
import { isLoopbackHost } from './loopback-host.js';

/**
 * The host part of a Host header (`name[:port]`, `[v6]:port`) as the URL parser reads
 * it (lower case, IPv4 and IPv6 in canonical form, IPv6 in brackets), or undefined when
 * the header is missing or is not a host.
 */
export function hostOfHostHeader(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(`http://${value}`);
    // Anything past the authority (`evil.example/x`, `a@b`) means it was no Host value.
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
      return undefined;
    }
    return url.hostname || undefined;
  } catch {
    return undefined;
  }
}

/** True when a Host header names a loopback host; a missing or malformed one does not. */
export function isLoopbackHostHeader(value: string | undefined): boolean {
  const host = hostOfHostHeader(value);
  return host !== undefined && isLoopbackHost(host);
}

/** True when there is no Origin (the client is not a web page) or it is a loopback origin. */
export function isLoopbackOrigin(value: string | undefined): boolean {
  if (value === undefined) return true;
  try {
    return isLoopbackHost(new URL(value).hostname);
  } catch {
    return false;
  }
}
