/**
 * What the dashboard is started with and what it returns, and the options with their
 * defaults, checked before anything listens.
 */
import type { PlanStore } from 'plankeeper';
import { isLoopbackHost } from 'plankeeper/http';
import { warnRenamed } from '../renamed-option.js';
import { tokenProblem } from './access-token.js';
import { DashboardError } from './dashboard-error.js';
import type { DashboardLang } from './dashboard-texts.js';

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

/** The options with their defaults, checked. */
export interface DashboardSettings {
  store: PlanStore;
  host: string;
  port: number;
  token: string | undefined;
  staleAfterMs: number;
  keepAliveMs: number;
  lang: DashboardLang;
  now: () => number;
}

export function dashboardSettings(options: DashboardOptions): DashboardSettings {
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
  return { store: options.store, host, port, token, staleAfterMs, keepAliveMs, lang, now };
}

export function needsToken(where: string): DashboardError {
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
