/**
 * `plankeeper mcp`: the plan tools as an MCP server, over stdio (default) or Streamable
 * HTTP (`--http PORT`). In stdio mode stdout carries protocol messages only, so every
 * log line goes to stderr.
 *
 * @example
 * plankeeper mcp --store sqlite:.plankeeper/plans.db
 * plankeeper mcp --store memory --session shared --lang zh
 * plankeeper mcp --session release --dependencies enforce
 * plankeeper mcp --store sqlite:.plankeeper/plans.db --list release-1.4
 * plankeeper mcp --plan-file PLAN.md
 * plankeeper mcp --http 8765 --host 0.0.0.0 --token "$PLANKEEPER_MCP_TOKEN"
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { DependencyMode, PlanStore, PlanToolFamily } from 'plankeeper';
import { type EvidenceMode, LOCALE_IDS, type LocaleId, PlanEngine } from 'plankeeper';
import { EVIDENCE_MODES } from 'plankeeper/harness';
import { isLoopbackHost } from 'plankeeper/http';
import { serveHttp, serveStdio } from 'plankeeper/mcp';
import { resolveDiscipline } from 'plankeeper/rules';
import { redact } from 'plankeeper/stores';
import { hookHostTools } from '../../coding-agents/hook/mcp-host-tools.js';
import {
  MCP_AGENTS,
  type McpAgent,
  mcpKeyingFor,
  startingAgent,
} from '../../coding-agents/mcp-keying.js';
import { agentProjectDir, agentStoreUrl } from '../../coding-agents/project-store.js';
import { codingAgent } from '../../coding-agents/registry.js';
import { warnRenamed } from '../../renamed-option.js';
import { commandVerifier } from '../../verify/command-verifier.js';
import { CliError } from '../cli-error.js';
import { parseDiscipline } from '../discipline-option.js';
import { EXIT } from '../exit-codes.js';
import { mcpStdio } from '../mcp-stdio.js';
import {
  checkPlanFilePath,
  PLAN_FILE_HELP,
  planFileList,
  withPlanFile,
} from '../plan-file-option.js';
import { ReopeningStore } from '../reopening-store.js';
import { watchSignals } from '../signals.js';
import { openCliStore, resolveStoreUrl, STORE_FLAG_HELP } from '../store-option.js';

const TOOL_FAMILIES: readonly PlanToolFamily[] = ['whole-list', 'granular', 'both'];
const DEPENDENCY_MODES: readonly DependencyMode[] = ['off', 'warn', 'enforce'];
const TOKEN_ENV = 'PLANKEEPER_MCP_TOKEN';

/** Flags as commander hands them over. */
export interface RawMcpFlags {
  store?: string;
  session?: string;
  agent?: string;
  tools?: string;
  /** Renamed --tools in 0.3. */
  preset?: string;
  lang?: string;
  http?: string;
  host?: string;
  token?: string;
  idleTimeout?: string;
  maxSessions?: string;
  for?: string;
  dependencies?: string;
  list?: string;
  planFile?: string;
  evidence?: string;
  verify?: string;
  verifyIn?: string;
  approval?: string | boolean;
  discipline?: string;
}

export interface McpSettings {
  store: string;
  session?: string;
  agent: string;
  /** Inside this coding agent: its session ids key the plans (see mcp-keying). */
  for?: McpAgent;
  /** Every session naming this list shares its plan; each session owns the items it starts. */
  list?: string;
  /** The list's plan kept in this Markdown file (absolute); `list` is then the file's name. */
  planFile?: string;
  tools: PlanToolFamily;
  locale: LocaleId;
  /** How `blockedBy` constrains order; unset: the engine's default. */
  dependencies?: DependencyMode;
  /** The evidence rule for plan writes (calls recorded by the agent's hooks count). */
  evidence?: EvidenceMode;
  /** The person's check command, run at a tagged or the final completion, in `verifyIn`. */
  verify?: string;
  verifyIn?: string;
  /** The host holds other tools until a person approves the plan; results say when it waits. */
  approval?: 'once' | 'on-change';
  /** The preset, which the agent's hooks served by this server (`hostTools`) follow too. */
  discipline?: 'light' | 'standard' | 'strict';
  /**
   * Whether write results end with the updated list (the MCP server's one plan view, since MCP
   * hosts do not inject a plan section): off only under `--discipline light`. `--discipline`
   * also sets `evidence` (the preset's rule) when `--evidence` does not and `--for` is given.
   */
  echoPlan: boolean;
  http?: {
    port: number;
    host: string;
    token?: string;
    sessionIdleMs: number;
    maxSessions: number;
  };
}

export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('Serve the plan tools over MCP: stdio by default, Streamable HTTP with --http.')
    .option('--store <url>', STORE_FLAG_HELP)
    .option('--session <id>', 'session for every connection (default: one per connection)')
    .option('--agent <name>', 'agent part of the plan key (default: mcp)')
    .option(
      '--for <agent>',
      `serve inside a coding agent, keyed by its own session ids: ${MCP_AGENTS.join(', ')}`,
    )
    .option(
      '--list <name>',
      'share one plan among every session naming this list; items a session starts are its own',
    )
    .option('--plan-file <path>', PLAN_FILE_HELP)
    .option('--tools <family>', `tools to offer: ${TOOL_FAMILIES.join(', ')} (default: both)`)
    .option('--preset <family>', 'renamed --tools in 0.3; still read this release')
    .option(
      '--lang <id>',
      `language of tools and instructions: ${LOCALE_IDS.join(', ')} (default: en)`,
    )
    .option(
      '--dependencies <mode>',
      `how blockedBy constrains order: ${DEPENDENCY_MODES.join(', ')} (default: warn)`,
    )
    .option('--evidence <level>', `evidence rule: ${EVIDENCE_MODES.join(', ')} (default: off)`)
    .option(
      '--verify <command>',
      'check command run when an item tagged [verify] or the last open item is completed; a failure refuses it',
    )
    .option(
      '--verify-in <dir>',
      'directory the --verify command runs in (default: the current one)',
    )
    .option(
      '--discipline <preset>',
      'light, standard (default) or strict: the preset as in every host; here its result echo (light: none) and, with --for, its evidence rule (strict: warn)',
    )
    .option('--http <port>', 'serve Streamable HTTP at /mcp on this port (0: any free port)')
    .option('--host <host>', 'HTTP bind address (default: 127.0.0.1)')
    .option('--token <token>', `HTTP bearer token clients must send (default: $${TOKEN_ENV})`)
    .option(
      '--idle-timeout <minutes>',
      'HTTP: close a session unused this long; its plan stays stored (default: 30; 0: never)',
    )
    .option(
      '--approval [when]',
      'the host holds other tools until a person approves the plan (once or on-change); write results say when it waits',
    )
    .option('--max-sessions <n>', 'HTTP: most sessions open at once; more get 503 (default: 100)')
    .action(async (flags: RawMcpFlags) => {
      await runMcp(parseMcpFlags(flags, process.env, process.cwd()));
    });
}

/** Checks the flags and fills in defaults; bad flags throw a usage error before anything starts. */
export function parseMcpFlags(
  flags: RawMcpFlags,
  env: NodeJS.ProcessEnv,
  cwd: string,
): McpSettings {
  if (flags.preset !== undefined) warnRenamed('--preset', '--tools');
  const tools = flags.tools ?? flags.preset ?? 'both';
  if (!(TOOL_FAMILIES as readonly string[]).includes(tools)) {
    throw new CliError(
      `${flags.tools === undefined ? '--preset' : '--tools'} must be one of ${TOOL_FAMILIES.join(', ')}, not ${JSON.stringify(tools)}.`,
    );
  }
  const locale = flags.lang ?? 'en';
  if (!(LOCALE_IDS as readonly string[]).includes(locale)) {
    throw new CliError(
      `--lang must be one of ${LOCALE_IDS.join(', ')}, not ${JSON.stringify(locale)}.`,
    );
  }
  const dependencies = flags.dependencies;
  if (
    dependencies !== undefined &&
    !(DEPENDENCY_MODES as readonly string[]).includes(dependencies)
  ) {
    throw new CliError(
      `--dependencies must be one of ${DEPENDENCY_MODES.join(', ')}, not ${JSON.stringify(dependencies)}.`,
    );
  }
  const forAgent = flags.for;
  if (forAgent !== undefined && !(MCP_AGENTS as readonly string[]).includes(forAgent)) {
    throw new CliError(
      `--for must be one of ${MCP_AGENTS.join(', ')}, not ${JSON.stringify(forAgent)}.`,
    );
  }
  if (forAgent !== undefined && (flags.agent !== undefined || flags.session !== undefined)) {
    throw new CliError('--for sets the plan key itself; leave out --agent and --session.');
  }
  const agent = nonBlank('--agent', flags.agent) ?? forAgent ?? 'mcp';
  const session = nonBlank('--session', flags.session);
  // Inside a coding agent the store follows the agent's project directory (project-store.ts).
  const projectDir =
    forAgent === undefined
      ? undefined
      : agentProjectDir(codingAgent(forAgent as McpAgent).projectDirEnv, env, cwd);
  const store =
    projectDir === undefined
      ? resolveStoreUrl(nonBlank('--store', flags.store), env, cwd)
      : resolveStoreUrl(agentStoreUrl(nonBlank('--store', flags.store), env, projectDir), env, cwd);
  const planFile = nonBlank('--plan-file', flags.planFile);
  if (planFile !== undefined && flags.list !== undefined) {
    throw new CliError('--plan-file names the shared list itself; leave out --list.');
  }
  // Inside a coding agent a relative path is the project's file, as the store is.
  const planPath = planFile === undefined ? undefined : resolve(projectDir ?? cwd, planFile);
  if (planPath !== undefined) checkPlanFilePath('--plan-file', planPath);
  const list = planPath === undefined ? nonBlank('--list', flags.list) : planFileList(planPath);
  if (list !== undefined && list.length > 100) {
    throw new CliError(`--list must be a name of at most 100 characters, not ${list.length}.`);
  }
  const evidence = flags.evidence;
  if (evidence !== undefined && !(EVIDENCE_MODES as readonly string[]).includes(evidence)) {
    throw new CliError(
      `--evidence must be one of ${EVIDENCE_MODES.join(', ')}, not ${JSON.stringify(evidence)}.`,
    );
  }
  // Without a coding agent's hooks the server sees no tool call but its own, so under the
  // rule nothing could ever be completed.
  if (evidence !== undefined && evidence !== 'off' && forAgent === undefined) {
    throw new CliError(
      "--evidence needs --for AGENT: that agent's hooks record the tool calls that count as evidence.",
    );
  }
  const verify = nonBlank('--verify', flags.verify);
  // A coding agent's server checks in the agent's project: setup's files never name it.
  const verifyIn =
    nonBlank('--verify-in', flags.verifyIn) ?? (verify === undefined ? undefined : projectDir);
  if (verifyIn !== undefined && verify === undefined) {
    throw new CliError('--verify-in applies only with --verify COMMAND.');
  }
  const approval = flags.approval === true ? 'once' : flags.approval;
  if (approval !== undefined && approval !== 'once' && approval !== 'on-change') {
    throw new CliError(`--approval must be once or on-change, not ${JSON.stringify(approval)}.`);
  }
  const discipline = parseDiscipline(flags.discipline) ?? 'standard';
  // The preset as every host reads it. An MCP host shows no plan section, and the server
  // sees work only through a coding agent's hooks (without them every completion would
  // lack evidence, so no preset's evidence rule applies).
  const rules = resolveDiscipline(
    { discipline, evidence: evidence as EvidenceMode | undefined },
    { planSection: false, seesWork: forAgent !== undefined },
  );
  const settings: McpSettings = {
    store,
    ...(approval !== undefined && { approval }),
    ...(rules.evidence !== undefined && { evidence: rules.evidence }),
    ...(verify !== undefined && { verify }),
    ...(verifyIn !== undefined && { verifyIn: resolve(cwd, verifyIn) }),
    ...(session !== undefined && { session }),
    ...(list !== undefined && { list }),
    ...(planPath !== undefined && { planFile: planPath }),
    agent,
    ...(forAgent !== undefined && { for: forAgent as McpAgent }),
    tools: tools as PlanToolFamily,
    locale: locale as LocaleId,
    ...(dependencies !== undefined && { dependencies: dependencies as DependencyMode }),
    ...(flags.discipline !== undefined && { discipline }),
    echoPlan: rules.echoPlan,
  };

  if (flags.http === undefined) {
    const httpOnly = [flags.host, flags.token, flags.idleTimeout, flags.maxSessions];
    if (httpOnly.some((flag) => flag !== undefined)) {
      throw new CliError(
        '--host, --token, --idle-timeout and --max-sessions apply only with --http PORT.',
      );
    }
    return settings;
  }
  if (!/^\d{1,5}$/.test(flags.http) || Number(flags.http) > 65535) {
    throw new CliError(`--http must be a port from 0 to 65535, not ${JSON.stringify(flags.http)}.`);
  }
  const host = nonBlank('--host', flags.host) ?? '127.0.0.1';
  const token = nonBlank('--token', flags.token) ?? nonBlank(TOKEN_ENV, env[TOKEN_ENV]);
  if (token !== undefined && /\s/.test(token)) {
    throw new CliError('--token must not contain whitespace.');
  }
  if (token === undefined && !isLoopbackHost(host)) {
    throw new CliError(
      `Refusing to serve on ${host} without a token: anyone who can reach it could read and change plans. Pass --token (or set ${TOKEN_ENV}), or use --host 127.0.0.1.`,
    );
  }
  const idleMinutes = Number(flags.idleTimeout ?? '30');
  if (flags.idleTimeout?.trim() === '' || !Number.isFinite(idleMinutes) || idleMinutes < 0) {
    throw new CliError(
      `--idle-timeout must be a number of minutes (0: never), not ${JSON.stringify(flags.idleTimeout)}.`,
    );
  }
  const maxSessions = flags.maxSessions ?? '100';
  if (!/^\d{1,9}$/.test(maxSessions) || Number(maxSessions) === 0) {
    throw new CliError(
      `--max-sessions must be a whole number of sessions from 1, not ${JSON.stringify(maxSessions)}.`,
    );
  }
  settings.http = {
    port: Number(flags.http),
    host,
    ...(token !== undefined && { token }),
    sessionIdleMs: idleMinutes * 60_000,
    maxSessions: Number(maxSessions),
  };
  return settings;
}

/** The MCP server's options for `settings` on `engine`: what `plankeeper mcp` serves. */
export function mcpServerOptions(settings: McpSettings, engine: PlanEngine) {
  const agent = settings.for && startingAgent(settings.for, process.env);
  return {
    engine,
    agent: settings.agent,
    tools: settings.tools,
    locale: settings.locale,
    ...(settings.approval !== undefined && {
      approval: { again: settings.approval },
    }),
    echoPlan: settings.echoPlan,
    ...(settings.session !== undefined && { session: settings.session }),
    ...(settings.list !== undefined && { list: settings.list }),
    ...(agent && mcpKeyingFor(agent, process.env, engine)),
    ...(settings.evidence && { evidence: settings.evidence }),
    ...(settings.verify && {
      verifiers: [
        commandVerifier({
          command: settings.verify,
          ...(settings.verifyIn && { cwd: settings.verifyIn }),
        }),
      ],
    }),
    // Inside a coding agent its hooks keep the turn record beside the plan: one record of
    // what the model has seen, and the other tool calls that count as evidence.
    ...(settings.for !== undefined && { turnRecordsInStore: true }),
    // Hooks the agent sends here (Claude Code's mcp_tool hooks), with the options setup gives
    // its command hooks too.
    ...(settings.for !== undefined && {
      hostTools: hookHostTools(
        {
          agent: agent as string,
          ...(settings.locale === 'zh' && { lang: 'zh' }),
          ...(settings.list !== undefined && { list: settings.list }),
          ...(settings.approval !== undefined && { approval: settings.approval }),
          ...(settings.discipline !== undefined && { discipline: settings.discipline }),
        },
        engine.store,
      ),
    }),
  };
}

/** Opens the store, serves until the client leaves (stdio) or a signal arrives, then closes the store. */
export async function runMcp(settings: McpSettings): Promise<void> {
  const opened = settings.http
    ? await openCliStore(settings.store)
    : await openForStdio(settings.store);
  const store = settings.planFile ? await withPlanFile(opened, settings.planFile) : opened;
  const signal = watchSignals();
  try {
    const engine = new PlanEngine({
      store,
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
      log(
        `MCP over stdio (store: ${redact(settings.store)}${settings.planFile ? `, plan file: ${settings.planFile}` : ''})`,
      );
      await Promise.race([handle.closed, signal.received]);
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

/** Listening failures a user can fix (port taken, no permission, a host that does not resolve) as one-line CLI errors. */
async function listen<T>(start: () => Promise<T>, settings: McpSettings): Promise<T> {
  try {
    return await start();
  } catch (error) {
    // serveHttp words these itself and keeps the system error as the cause.
    const system = ((error as { cause?: unknown }).cause ?? error) as NodeJS.ErrnoException;
    const host = settings.http?.host;
    const where = `${host}:${settings.http?.port}`;
    switch (system.code) {
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
      case 'EAI_NONAME':
        throw new CliError(
          `--host ${host}: the name does not resolve to an address (${system.code}). Use --host 127.0.0.1, or add the name to the hosts file.`,
          EXIT.config,
        );
      case 'EADDRINUSE':
        throw new CliError(
          `cannot listen on ${where}: the port is already in use. Pick another with --http, or --http 0 for any free port.`,
          EXIT.config,
        );
      case 'EACCES':
      case 'EADDRNOTAVAIL':
        throw new CliError((error as Error).message, EXIT.config);
    }
    throw error;
  }
}

/** A store URL we cannot read is a usage error, reported before anything starts. */
function nonBlank(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new CliError(`${name} must not be blank.`);
  return value.trim();
}

/** The store URL without credentials, for log lines. */
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
