/**
 * The dashboard's HTTP server, on node:http alone: the page, a JSON API over a plan
 * store, and a server-sent event stream of changes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlanStore } from 'plankeeper';
import { isLoopbackHost } from 'plankeeper/http';
import {
  type DashboardOptions,
  type DashboardServer,
  dashboardSettings,
  needsToken,
} from './dashboard-options.js';
import { route } from './dashboard-routes.js';
import { dashboardTexts } from './dashboard-texts.js';
import { EventStream } from './event-stream.js';
import { sendError } from './http-responses.js';
import { listen } from './listen.js';
import { dashboardPage } from './page/dashboard-page.js';
import { PlanListings } from './plan-listings.js';
import { admitted } from './request-guard.js';

export type { DashboardOptions, DashboardServer } from './dashboard-options.js';
export { EDIT_PATH } from './request-guard.js';

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
  const { store, host, port, token, staleAfterMs, keepAliveMs, lang, now } =
    dashboardSettings(options);
  const texts = dashboardTexts(lang);
  const page = dashboardPage(lang);
  const listings = new PlanListings(store);
  const events = new EventStream(keepAliveMs);
  const unsubscribe = await follow(store, listings, events);
  const routes = { store, lang, texts, page, listings, events };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://dashboard.invalid');
    if (!(await admitted(request, response, url, token, texts))) return;
    await route(routes, request, response, url, { store, now: now(), staleAfterMs });
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

/** Keeps the listings and the event stream up to date with the store's changes. */
function follow(store: PlanStore, listings: PlanListings, events: EventStream) {
  return store.subscribe((change) => {
    // A listener that throws could break the store's delivery loop; a bad change is
    // better skipped (the page re-reads on its next event anyway).
    try {
      listings.observe(change);
      events.publish(change);
    } catch {}
  });
}
