/**
 * The checks every dashboard request passes before it is answered: the method its path
 * allows, then the token, or without one a loopback Host (no DNS rebinding from web pages).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostOfHostHeader, isLoopbackHostHeader, tokensMatch } from 'plankeeper/http';
import { requestToken } from './access-token.js';
import type { DashboardTexts } from './dashboard-texts.js';
import { sendError } from './http-responses.js';

/** Where the page posts a person's change. */
export const EDIT_PATH = '/api/plan/edit';

/** Whether the request may be answered; when not, its refusal has been sent. */
export async function admitted(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  token: string | undefined,
  texts: DashboardTexts,
): Promise<boolean> {
  // The one change a page makes is a POST to EDIT_PATH; everything else only reads.
  const allowed = url.pathname === EDIT_PATH ? 'POST' : 'GET, HEAD';
  if (!allowed.split(', ').includes(request.method ?? '')) {
    sendError(response, 405, texts.methodNotAllowed(allowed.split(', ')), {
      allow: allowed,
    });
    return false;
  }
  if (token !== undefined) {
    if (!(await tokensMatch(token, requestToken(request, url)))) {
      sendError(response, 401, texts.tokenRequired, { 'www-authenticate': 'Bearer' });
      return false;
    }
    return true;
  }
  // Without a token, only requests addressed to loopback names are answered, so a web
  // page cannot point its own host name at 127.0.0.1 (DNS rebinding) and read plans.
  const { host: hostHeader } = request.headers;
  if (!isLoopbackHostHeader(hostHeader)) {
    const host =
      hostHeader === undefined ? undefined : (hostOfHostHeader(hostHeader) ?? hostHeader);
    sendError(response, 403, texts.hostRefused(host));
    return false;
  }
  return true;
}
