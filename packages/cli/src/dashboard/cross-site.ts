/**
 * Refuses state-changing requests another site's page makes from a visitor's browser.
 * The loopback and token rules keep other machines out, but a page on any site can still
 * send a POST to 127.0.0.1 from the browser of the person running the dashboard. Browsers
 * say where a request comes from (`Sec-Fetch-Site`, `Origin`), and a page cannot forge
 * either; tools such as curl send neither and are let through (the other rules apply).
 */
import type { IncomingMessage } from 'node:http';
import { type DashboardTexts, enDashboard } from './dashboard-texts.js';

/** Why the request comes from another site, or undefined when it comes from this page. */
export function crossSiteProblem(
  request: IncomingMessage,
  texts: DashboardTexts = enDashboard,
): string | undefined {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') {
    return texts.crossSite('Sec-Fetch-Site', String(site));
  }
  const origin = request.headers.origin;
  if (origin !== undefined && originHost(origin) !== request.headers.host?.toLowerCase()) {
    return texts.crossSite('Origin', origin);
  }
  return undefined;
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}
