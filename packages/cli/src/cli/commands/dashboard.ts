/**
 * `plankeeper dashboard`: serves the live web view of every plan in a store until
 * Ctrl+C.
 *
 * @example
 * plankeeper dashboard --store sqlite:.plankeeper/plans.db --port 7420
 */
import type { Command } from 'commander';
import { isLoopbackHost } from 'plankeeper/http';
import { redact } from 'plankeeper/stores';
import { createDashboardServer, DashboardError } from '../../dashboard/index.js';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { langOption, parseLang } from '../lang-option.js';
import { openCliStore, resolveStoreUrl, STORE_FLAG_HELP } from '../store-option.js';

export const DEFAULT_DASHBOARD_PORT = 7420;

export interface DashboardCommandOptions {
  store?: string;
  port?: string;
  host?: string;
  token?: string;
  staleAfter?: string;
  /** Language of the page and of the server's refusals. */
  lang?: string;
}

export interface DashboardCommandIo {
  stdout: { write(text: string): unknown };
  env: Record<string, string | undefined>;
  /** Stops the dashboard when aborted. Default: the first SIGINT or SIGTERM. */
  signal?: AbortSignal;
  /** Called once the dashboard is listening, with the address to open. */
  onListening?: (url: string) => void;
}

export function registerDashboardCommand(program: Command): void {
  program
    .command('dashboard')
    .description("Serve a live web view of every session's plan")
    .option('--store <url>', STORE_FLAG_HELP)
    .option('--port <n>', 'port to listen on; 0 picks a free one', String(DEFAULT_DASHBOARD_PORT))
    .option(
      '--host <host>',
      'interface to listen on; anything but loopback requires --token',
      '127.0.0.1',
    )
    .option(
      '--token <token>',
      'require this access token on every request (default: $PLANKEEPER_DASHBOARD_TOKEN)',
    )
    .option(
      '--stale-after <minutes>',
      'mark plans with open items and no write for this long as stale',
      '10',
    )
    .addOption(langOption())
    .action(async (options: DashboardCommandOptions) => {
      await runDashboard(options, { stdout: process.stdout, env: process.env });
    });
}

/** Runs the dashboard until `io.signal` aborts (or SIGINT/SIGTERM), then closes everything. */
export async function runDashboard(
  options: DashboardCommandOptions,
  io: DashboardCommandIo,
): Promise<void> {
  const port = parsePort(options.port ?? String(DEFAULT_DASHBOARD_PORT));
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? (io.env.PLANKEEPER_DASHBOARD_TOKEN || undefined);
  const staleAfterMs = parseMinutes(options.staleAfter ?? '10') * 60_000;
  const lang = parseLang(options.lang);
  if (host.trim() === '') throw new CliError('--host is empty; use 127.0.0.1 or an address.');
  if (token === undefined && !isLoopbackHost(host)) {
    throw new CliError(
      `--host ${host} can be reached from other machines, so the dashboard needs an access token: add --token <secret> (or set PLANKEEPER_DASHBOARD_TOKEN).`,
    );
  }
  const storeUrl = resolveStoreUrl(options.store, io.env);

  const store = await openCliStore(storeUrl);

  let dashboard: Awaited<ReturnType<typeof createDashboardServer>>;
  try {
    dashboard = await createDashboardServer({
      store,
      host,
      port,
      staleAfterMs,
      locale: lang,
      ...(token !== undefined && { token }),
    });
  } catch (error) {
    await store.close().catch(() => {});
    if (DashboardError.isInstance(error)) {
      const hint = /already in use/.test(error.message)
        ? ' Pick another with --port, or --port 0 for any free port.'
        : '';
      // A well-formed address the machine refuses (taken, not ours, no permission) is the
      // machine's configuration, as with `mcp --http`; a bad option is a usage error.
      const refused = typeof (error.cause as NodeJS.ErrnoException | undefined)?.code === 'string';
      throw new CliError(`${error.message}${hint}`, refused ? EXIT.config : EXIT.usage);
    }
    // Anything else came from the store (subscribing needs a live connection).
    const message = error instanceof Error ? error.message : String(error);
    throw new CliError(
      `Cannot use store ${JSON.stringify(redact(storeUrl))}: ${message}`,
      EXIT.config,
    );
  }

  const address =
    token === undefined ? dashboard.url : `${dashboard.url}?token=${encodeURIComponent(token)}`;
  io.stdout.write(
    `plankeeper dashboard: ${address}\nstore: ${redact(storeUrl)} (press Ctrl+C to stop)\n`,
  );
  io.onListening?.(address);

  await untilStopped(io.signal);
  await dashboard.close();
  await store.close();
  io.stdout.write('plankeeper dashboard: stopped\n');
}

function untilStopped(signal: AbortSignal | undefined): Promise<void> {
  if (signal) {
    return new Promise((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

function parsePort(text: string): number {
  const port = /^\d{1,5}$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) {
    throw new CliError(
      `--port must be a whole number from 0 to 65535 (0 picks a free port), not ${JSON.stringify(text)}.`,
    );
  }
  return port;
}

function parseMinutes(text: string): number {
  const minutes = Number(text);
  if (text.trim() === '' || !Number.isFinite(minutes) || minutes <= 0) {
    throw new CliError(
      `--stale-after must be a positive number of minutes, not ${JSON.stringify(text)}.`,
    );
  }
  return minutes;
}
