/**
 * `plankeeper/http`: who may talk to a local HTTP server. One loopback rule for bind
 * addresses and for the Host and Origin of requests (`localhost`, `*.localhost`,
 * 127.0.0.0/8 and `::1`), and the bearer token check. The MCP server (`plankeeper/mcp`)
 * and the dashboard of `@plankeeper/cli` both use it, so a host is loopback for both or
 * for neither. No dependencies, not even Node built-ins (Web Crypto and the URL parser).
 *
 * @example
 * import { bearerToken, isLoopbackHost, isLoopbackHostHeader, tokensMatch } from 'plankeeper/http';
 * if (!token && !isLoopbackHost(bindAddress)) throw new Error('a token is required');
 * const allowed = token
 *   ? await tokensMatch(token, bearerToken(request.headers.authorization))
 *   : isLoopbackHostHeader(request.headers.host);
 */
export { bearerToken, tokensMatch } from './bearer-token.js';
export { hostOfHostHeader, isLoopbackHostHeader, isLoopbackOrigin } from './host-header.js';
export { isLoopbackHost } from './loopback-host.js';
