/**
 * The dashboard's HTTP server, on node:http alone: the page, a JSON API over a plan
 * store, and a server-sent event stream of changes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlanStore } from 'plankeeper';
import { decodePlanKey } from 'plankeeper';
import {
  hostOfHostHeader,
  isLoopbackHost,
  isLoopbackHostHeader,
  tokensMatch,
} from 'plankeeper/http';
import { warnRenamed } from '../renamed-option.js';
import { requestToken, tokenProblem } from './access-token.js';
import { crossSiteProblem } from './cross-site.js';
import { DashboardError } from './dashboard-error.js';
import { type DashboardLang, dashboardTexts } from './dashboard-texts.js';
import { EventStream } from './event-stream.js';
import { BASE_HEADERS, sendError, sendJson } from './http-responses.js';
import { dashboardPage } from './page/dashboard-page.js';
import { handlePlanEdit } from './plan-edit.js';
import { PlanListings } from './plan-listings.js';
import { readPlanDetail } from './plan-timeline.js';

export interface DashboardOptions {
  /**
   * Where the plans are. The dashboard reads it, and writes only a person's change made on
   * the page (`POST /api/plan/edit`). The caller closes it.
   */
  store: PlanStore;
  /** Interface to listen on. Default `127.0.0.1`. Anything but loopback needs `token`. */
  host?: string;
  /** Default 0: any free port (read it from `url`). */
  port?: number;
  /** When set, every request must carry it: `Authorization: Bearer T` or `?token=T`. */
  token?: string;
  /** A plan with open items and no write for this long is marked stale. Default 10 minutes. */
  staleAfterMs?: number;
  /** Interval of keep-alive comments on the event stream. Default 15 seconds. */
  keepAliveMs?: number;
  /**
   * Language of the page and of the server's refusals (`en` default, `zh`): one setting
   * for both, so a person reads one language whatever their browser says.
   */
  locale?: DashboardLang;
  /** @deprecated Renamed `locale` in 0.3. */
  lang?: DashboardLang;
  /** Clock, for tests of staleness. */
  now?: () => number;
}

export interface DashboardServer {
  /** Base address, such as `http://127.0.0.1:51234/`, without the token. */
  url: string;
  port: number;
  /** Stops listening and ends open event streams. Does not close the store. */
  close(): Promise<void>;
}

const TEN_MINUTES = 10 * 60 * 1000;

/** Where the page posts a person's change. */
export const EDIT_PATH = '/api/plan/edit';

/**
 * Starts the dashboard and resolves once it is listening.
 *
 * @example
 * const dashboard = await createDashboardServer({ store, port: 0 });
 * console.log(`Plans at ${dashboard.url}`);
 * // later
 * await dashboard.close();
 */
export async function createDashboardServer(options: DashboardOptions): Promise<DashboardServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  const staleAfterMs = options.staleAfterMs ?? TEN_MINUTES;
  const keepAliveMs = options.keepAliveMs ?? 15_000;
  const now = options.now ?? Date.now;
  const token = options.token;
  checkOptions(options, host, port, staleAfterMs, keepAliveMs);
  if (token === undefined && !isLoopbackHost(host)) throw needsToken(host);
  if (options.lang !== undefined) warnRenamed('lang', 'locale');
  const lang = options.locale ?? options.lang ?? 'en';
  const texts = dashboardTexts(lang);
  const page = dashboardPage(lang);

  const store = options.store;
  const listings = new PlanListings(store);
  const events = new EventStream(keepAliveMs);
  const unsubscribe = await store.subscribe((change) => {
    // A listener that throws could break the store's delivery loop; a bad change is
    // better skipped (the page re-reads on its next event anyway).
    try {
      listings.observe(change);
      events.publish(change);
    } catch {}
  });

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://dashboard.invalid');
    // The one change a page makes is a POST to EDIT_PATH; everything else only reads.
    const allowed = url.pathname === EDIT_PATH ? 'POST' : 'GET, HEAD';
    if (!allowed.split(', ').includes(request.method ?? '')) {
      sendError(response, 405, texts.methodNotAllowed(allowed.split(', ')), {
        allow: allowed,
      });
      return;
    }
    if (token !== undefined) {
      if (!(await tokensMatch(token, requestToken(request, url)))) {
        sendError(response, 401, texts.tokenRequired, { 'www-authenticate': 'Bearer' });
        return;
      }
    } else {
      // Without a token, only requests addressed to loopback names are answered, so a web
      // page cannot point its own host name at 127.0.0.1 (DNS rebinding) and read plans.
      const { host: hostHeader } = request.headers;
      if (!isLoopbackHostHeader(hostHeader)) {
        const host =
          hostHeader === undefined ? undefined : (hostOfHostHeader(hostHeader) ?? hostHeader);
        sendError(response, 403, texts.hostRefused(host));
        return;
      }
    }
    const context = { store, now: now(), staleAfterMs };
    if (url.pathname === EDIT_PATH) {
      const crossSite = crossSiteProblem(request, texts);
      if (crossSite) {
        sendError(response, 403, crossSite);
        return;
      }
      const answer = await handlePlanEdit(request, store, lang);
      if (answer.status === 200) sendJson(response, 200, answer.body);
      // After a 413 the rest of the body is not worth reading: the connection closes.
      else
        sendError(
          response,
          answer.status,
          answer.error,
          answer.status === 413 ? { connection: 'close' } : {},
        );
      return;
    }
    switch (url.pathname) {
      case '/':
      case '/index.html':
        response.writeHead(200, {
          ...BASE_HEADERS,
          ...page.headers,
          'content-type': 'text/html; charset=utf-8',
        });
        response.end(page.html);
        return;
      case '/api/plans': {
        const agent = url.searchParams.get('agent') || undefined;
        const session = url.searchParams.get('session') || undefined;
        const plans = await listings.list(
          { ...(agent !== undefined && { agent }), ...(session !== undefined && { session }) },
          context,
        );
        sendJson(response, 200, { now: context.now, staleAfterMs, plans });
        return;
      }
      case '/api/plan': {
        const encoded = url.searchParams.get('key');
        if (!encoded) {
          sendError(response, 400, texts.planKeyMissing);
          return;
        }
        let key: ReturnType<typeof decodePlanKey>;
        try {
          key = decodePlanKey(encoded);
        } catch {
          sendError(response, 400, texts.notAPlanKey(encoded));
          return;
        }
        const detail = await readPlanDetail(key, context);
        if (detail) sendJson(response, 200, detail);
        else sendError(response, 404, texts.noPlan(encoded));
        return;
      }
      case '/api/events':
        if (request.method === 'HEAD') {
          response.writeHead(200, { ...BASE_HEADERS, 'content-type': 'text/event-stream' });
          response.end();
        } else {
          events.open(request, response, BASE_HEADERS);
        }
        return;
      default:
        sendError(response, 404, texts.notFound(url.pathname));
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (response.headersSent) response.destroy();
      else sendError(response, 500, texts.storeFailed(message));
    });
  });

  try {
    await listen(server, host, port);
  } catch (error) {
    events.close();
    unsubscribe();
    throw error;
  }

  const address = server.address() as AddressInfo;
  // A name passes the loopback rule by its spelling, but the resolver chose the address:
  // one that landed beyond loopback (a hosts-file entry, say) needs the token all the same.
  if (token === undefined && !isLoopbackHost(address.address)) {
    events.close();
    unsubscribe();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw needsToken(`${host} (${address.address})`);
  }
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${address.port}/`,
    port: address.port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        unsubscribe();
        events.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function needsToken(where: string): DashboardError {
  return new DashboardError(
    `Refusing to serve plans on ${where} without an access token: anyone who can reach that address could read them. Set a token, or use 127.0.0.1.`,
  );
}

function checkOptions(
  options: DashboardOptions,
  host: string,
  port: number,
  staleAfterMs: number,
  keepAliveMs: number,
): void {
  if (!options.store) throw new DashboardError('A plan store is required.');
  if (typeof host !== 'string' || host.trim() === '' || /\s/.test(host)) {
    throw new DashboardError(`Not a host name or address: ${JSON.stringify(host)}.`);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new DashboardError(
      `Not a port: ${JSON.stringify(port)}. Use a whole number from 0 to 65535 (0 picks a free one).`,
    );
  }
  if (!(staleAfterMs > 0))
    throw new DashboardError('staleAfterMs must be a positive number of milliseconds.');
  if (!(keepAliveMs > 0))
    throw new DashboardError('keepAliveMs must be a positive number of milliseconds.');
  if (options.token !== undefined) {
    const problem = tokenProblem(options.token);
    if (problem) throw new DashboardError(`Cannot use the token: ${problem}.`);
  }
}

function listen(server: ReturnType<typeof createServer>, host: string, port: number) {
  return new Promise<void>((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => {
      reject(
        new DashboardError(`Cannot listen on ${host}:${port}: ${listenProblem(error)}`, {
          cause: error,
        }),
      );
    };
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve();
    });
  });
}

function listenProblem(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return 'the port is already in use.';
    case 'EADDRNOTAVAIL':
      return 'that address does not belong to this machine.';
    case 'EACCES':
      return 'permission denied (ports below 1024 need privileges).';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name does not resolve.';
    default:
      return error.message;
  }
}
