/**
 * What each dashboard path answers, once the request is admitted: the page, the plan list,
 * one plan with its timeline, the event stream, and a person's change posted from the page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodePlanKey, type PlanStore } from 'plankeeper';
import { crossSiteProblem } from './cross-site.js';
import type { DashboardLang, DashboardTexts } from './dashboard-texts.js';
import type { EventStream } from './event-stream.js';
import { BASE_HEADERS, sendError, sendJson } from './http-responses.js';
import type { dashboardPage } from './page/dashboard-page.js';
import { handlePlanEdit } from './plan-edit.js';
import type { PlanListings } from './plan-listings.js';
import { readPlanDetail, type TimelineContext } from './plan-timeline.js';
import { EDIT_PATH } from './request-guard.js';

export interface DashboardRoutes {
  store: PlanStore;
  lang: DashboardLang;
  texts: DashboardTexts;
  page: ReturnType<typeof dashboardPage>;
  listings: PlanListings;
  events: EventStream;
}

export async function route(
  routes: DashboardRoutes,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  context: TimelineContext,
): Promise<void> {
  const { texts, page } = routes;
  if (url.pathname === EDIT_PATH) return servePlanEdit(routes, request, response);
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
      const plans = await routes.listings.list(
        { ...(agent !== undefined && { agent }), ...(session !== undefined && { session }) },
        context,
      );
      sendJson(response, 200, { now: context.now, staleAfterMs: context.staleAfterMs, plans });
      return;
    }
    case '/api/plan':
      return servePlan(texts, response, url, context);
    case '/api/events':
      if (request.method === 'HEAD') {
        response.writeHead(200, { ...BASE_HEADERS, 'content-type': 'text/event-stream' });
        response.end();
      } else {
        routes.events.open(request, response, BASE_HEADERS);
      }
      return;
    default:
      sendError(response, 404, texts.notFound(url.pathname));
  }
}

async function servePlanEdit(
  { store, lang, texts }: DashboardRoutes,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
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
}

async function servePlan(
  texts: DashboardTexts,
  response: ServerResponse,
  url: URL,
  context: TimelineContext,
): Promise<void> {
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
}
