/**
 * `plankeeper mcp` running: the store opened, the server served over stdio or HTTP until
 * the client leaves or a signal arrives, then the store closed. Stdout carries protocol
 * messages only, so every log line goes to stderr.
 */
import { PlanEngine, type PlanStore } from 'plankeeper';
import { serveHttp, serveStdio } from 'plankeeper/mcp';
import { redact } from 'plankeeper/stores';
import {
  type ResidentAnswerer,
  startResidentAnswerer,
} from '../../../coding-agents/hook-route/resident-answerer.js';
import { RESIDENT_HOOK_AGENTS } from '../../../coding-agents/hook-route/route-file.js';
import { withPlanFile } from '../../../coding-agents/plan-file-list.js';
import { maxItemsLimits } from '../../../coding-agents/plan-file-max-items.js';
import { codingAgent } from '../../../coding-agents/registry.js';
import { CliError } from '../../cli-error.js';
import { mcpStdio } from '../../mcp-stdio.js';
import { ReopeningStore } from '../../reopening-store.js';
import { watchSignals } from '../../signals.js';
import { openCliStore } from '../../store-option.js';
import { listen } from './listen-errors.js';
import { mcpServerOptions } from './mcp-server-options.js';
import type { McpSettings } from './mcp-settings.js';

/** Opens the store, serves until the client leaves (stdio) or a signal arrives, then closes the store. */
export async function runMcp(settings: McpSettings): Promise<void> {
  const opened = settings.http
    ? await openCliStore(settings.store)
    : await openForStdio(settings.store);
  const planFile = settings.planFile ? await withPlanFile(opened, settings.planFile) : undefined;
  const store = planFile ?? opened;
  // A person's save is read in as it lands, so a dashboard over the store beside the file
  // shows it at once too (closing the store stops the watch).
  planFile?.watch();
  const signal = watchSignals();
  try {
    const engine = new PlanEngine({
      store,
      ...maxItemsLimits(settings.maxItems),
      ...(settings.dependencies && { dependencies: settings.dependencies }),
    });
    const serverOptions = mcpServerOptions(settings, engine);
    if (settings.http) {
      const handle = await listen(
        () => serveHttp({ ...serverOptions, ...settings.http! }),
        settings,
      );
      log(`MCP over Streamable HTTP at ${handle.url} (store: ${redact(settings.store)})`);
      await signal.received;
      await handle.close();
    } else {
      const handle = await serveStdio({ ...serverOptions, ...mcpStdio() });
      const resident = await residentFor(settings);
      log(
        `MCP over stdio (store: ${redact(settings.store)}${settings.planFile ? `, plan file: ${settings.planFile}` : ''})`,
      );
      await Promise.race([handle.closed, signal.received]);
      await resident?.close();
      await handle.close();
    }
  } finally {
    signal.dispose();
    await closeQuietly(store);
  }
}

/**
 * Over stdio a store that will not open does not stop the server: the client started
 * it, and shows one that exits at once as "failed" without the reason. The reason goes
 * to stderr and into every tool result, the store is tried again on each call, and the
 * exit code still says the store failed. Over HTTP a person started the server and
 * reads its one-line error.
 */
async function openForStdio(url: string): Promise<PlanStore> {
  try {
    return await openCliStore(url);
  } catch (error) {
    if (!CliError.isInstance(error)) throw error;
    log(`${error.message} Serving anyway: each tool call tries the store again and reports this.`);
    process.exitCode = error.exitCode;
    return new ReopeningStore(() => openCliStore(url));
  }
}

/**
 * The agent's command hooks answered here too, where its hooks have a forwarder
 * (hook-route/). Without a route they take the one-shot hook process, so a failure only logs.
 */
async function residentFor(settings: McpSettings): Promise<ResidentAnswerer | undefined> {
  if (settings.for === undefined || !RESIDENT_HOOK_AGENTS.includes(settings.for)) return;
  try {
    return await startResidentAnswerer({
      agent: settings.for,
      cwd: process.cwd(),
      env: process.env,
      stderr: process.stderr,
      projectDirEnv: codingAgent(settings.for).projectDirEnv,
    });
  } catch (error) {
    log(`hooks are not answered here (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
}

/** One line on stderr: stdout is the protocol's. */
function log(line: string): void {
  process.stderr.write(`plankeeper mcp: ${line}\n`);
}

async function closeQuietly(store: PlanStore): Promise<void> {
  try {
    await store.close();
  } catch (error) {
    log(`closing the store failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
