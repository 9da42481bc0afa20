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
import { startingAgent } from '../../../coding-agents/mcp-keying.js';
import { withPlanFile } from '../../../coding-agents/plan-file-list.js';
import { maxItemsLimits } from '../../../coding-agents/plan-file-max-items.js';
import { codingAgent } from '../../../coding-agents/registry.js';
import { CliError } from '../../cli-error.js';
import { type McpStdio, mcpStdio } from '../../mcp-stdio.js';
import { ReopeningStore } from '../../reopening-store.js';
import { watchSignals } from '../../signals.js';
import { openCliStore } from '../../store-option.js';
import { listen } from './listen-errors.js';
import { mcpServerOptions } from './mcp-server-options.js';
import type { McpSettings } from './mcp-settings.js';

/** Opens the store, serves until the client leaves (stdio) or a signal arrives, then closes the store. */
export async function runMcp(settings: McpSettings): Promise<void> {
  const store = await servedStore(settings, settings.http ? 'throw' : 'serve-anyway');
  const signal = watchSignals();
  try {
    const engine = servedEngine(settings, store);
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
 * One MCP connection over `stdio` (a socket the resident hook process was handed,
 * coding-agents/hook-route/mcp-route.ts), served as `plankeeper mcp` serves stdio: the store
 * opened for it and closed when the client leaves. The process, its exit code and its
 * signals are the resident's, so a store that will not open is only reported.
 */
export async function serveMcpOver(settings: McpSettings, stdio: McpStdio): Promise<void> {
  const store = await servedStore(settings, 'report');
  try {
    const handle = await serveStdio({
      ...mcpServerOptions(settings, servedEngine(settings, store)),
      ...stdio,
    });
    await handle.closed;
    await handle.close();
  } finally {
    await closeQuietly(store);
  }
}

/**
 * The store the server works on, with the plan file in front of it when there is one. A
 * person's save of the file is read in as it lands, so a dashboard over the store beside the
 * file shows it at once too (closing the store stops the watch).
 */
async function servedStore(
  settings: McpSettings,
  onFailure: 'throw' | 'serve-anyway' | 'report',
): Promise<PlanStore> {
  const opened =
    onFailure === 'throw'
      ? await openCliStore(settings.store)
      : await openForStdio(settings.store, onFailure === 'serve-anyway');
  const planFile = settings.planFile ? await withPlanFile(opened, settings.planFile) : undefined;
  planFile?.watch();
  return planFile ?? opened;
}

function servedEngine(settings: McpSettings, store: PlanStore): PlanEngine {
  return new PlanEngine({
    store,
    ...maxItemsLimits(settings.maxItems),
    ...(settings.dependencies && { dependencies: settings.dependencies }),
  });
}

/**
 * Over stdio a store that will not open does not stop the server: the client started
 * it, and shows one that exits at once as "failed" without the reason. The reason goes
 * to stderr and into every tool result, the store is tried again on each call, and the
 * exit code still says the store failed. Over HTTP a person started the server and
 * reads its one-line error.
 */
async function openForStdio(url: string, setExitCode: boolean): Promise<PlanStore> {
  try {
    return await openCliStore(url);
  } catch (error) {
    if (!CliError.isInstance(error)) throw error;
    log(`${error.message} Serving anyway: each tool call tries the store again and reports this.`);
    if (setExitCode) process.exitCode = error.exitCode;
    return new ReopeningStore(() => openCliStore(url));
  }
}

/**
 * The agent's command hooks answered here too, where its hooks have a forwarder
 * (hook-route/). Without a route they take the one-shot hook process, so a failure only logs.
 * The agent is the one that started this server, as for the plan key: a `.mcp.json` entry
 * Claude Code's setup wrote serves Copilot CLI too, whose extension looks for its own route.
 */
async function residentFor(settings: McpSettings): Promise<ResidentAnswerer | undefined> {
  if (settings.for === undefined) return;
  const agent = startingAgent(settings.for, process.env);
  if (!RESIDENT_HOOK_AGENTS.includes(agent)) return;
  try {
    return await startResidentAnswerer({
      agent,
      cwd: process.cwd(),
      env: process.env,
      stderr: process.stderr,
      projectDirEnv: codingAgent(agent).projectDirEnv,
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
