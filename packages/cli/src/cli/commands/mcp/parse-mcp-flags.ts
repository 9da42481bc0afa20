/**
 * `plankeeper mcp`'s flags checked and filled in with defaults, one concern at a time: the
 * tool family and language, the plan key and store, the rules around writes, and HTTP.
 * Bad flags throw a usage error before anything starts, in the order the flags are read.
 */
import { resolve } from 'node:path';
import type { DependencyMode, EvidenceMode, LocaleId, PlanToolFamily } from 'plankeeper';
import { LOCALE_IDS } from 'plankeeper';
import { EVIDENCE_MODES } from 'plankeeper/harness';
import { isLoopbackHost } from 'plankeeper/http';
import { resolveDiscipline } from 'plankeeper/rules';
import { MCP_AGENTS, type McpAgent } from '../../../coding-agents/mcp-keying.js';
import { planFileList } from '../../../coding-agents/plan-file-list.js';
import {
  checkMaxItems,
  MAX_ITEMS_WITHOUT_PLAN_FILE,
} from '../../../coding-agents/plan-file-max-items.js';
import { agentProjectDir, agentStoreUrl } from '../../../coding-agents/project-store.js';
import { codingAgent } from '../../../coding-agents/registry.js';
import {
  AUTO_CHECKS,
  checkCommand,
  checkRefusals,
  checkTimeoutSec,
  LIMITS_WITHOUT_COMMAND,
  valueOr,
} from '../../../coding-agents/setup/check-values.js';
import { detectChecks } from '../../../coding-agents/setup/detect-checks.js';
import { warnRenamed } from '../../../renamed-option.js';
import { CliError } from '../../cli-error.js';
import { parseDiscipline } from '../../discipline-option.js';
import { checkPlanFilePath } from '../../plan-file-option.js';
import { resolveStoreUrl } from '../../store-option.js';
import { checkOneOf, nonBlank } from './flag-values.js';
import {
  DEPENDENCY_MODES,
  type McpSettings,
  type RawMcpFlags,
  TOKEN_ENV,
  TOOL_FAMILIES,
} from './mcp-settings.js';

/** Checks the flags and fills in defaults; bad flags throw a usage error before anything starts. */
export function parseMcpFlags(
  flags: RawMcpFlags,
  env: NodeJS.ProcessEnv,
  cwd: string,
): McpSettings {
  const { tools, locale, dependencies } = toolFlags(flags);
  const key = keyFlags(flags, env, cwd);
  const { forAgent, list, planPath, session } = key;
  const rules = ruleFlags(flags, forAgent, key.projectDir ?? cwd);
  const { approval, checks, evidenceFrom } = rules;
  const settings: McpSettings = {
    store: key.store,
    ...(evidenceFrom !== undefined && { evidenceFrom }),
    ...(approval !== undefined && { approval }),
    ...checks,
    ...(session !== undefined && { session }),
    ...(list !== undefined && { list }),
    ...(planPath !== undefined && { planFile: planPath }),
    ...(key.maxItems !== undefined && { maxItems: key.maxItems }),
    agent: key.agent,
    ...(forAgent !== undefined && { for: forAgent }),
    tools,
    locale,
    ...(dependencies !== undefined && { dependencies }),
    ...disciplineSettings(flags, forAgent, rules.evidence),
  };
  const http = httpFlags(flags, env);
  if (http) settings.http = http;
  return settings;
}

function toolFlags(flags: RawMcpFlags) {
  if (flags.preset !== undefined) warnRenamed('--preset', '--tools');
  const tools = flags.tools ?? flags.preset ?? 'both';
  checkOneOf(flags.tools === undefined ? '--preset' : '--tools', tools, TOOL_FAMILIES);
  const locale = flags.lang ?? 'en';
  checkOneOf('--lang', locale, LOCALE_IDS);
  const dependencies = flags.dependencies;
  if (dependencies !== undefined) checkOneOf('--dependencies', dependencies, DEPENDENCY_MODES);
  return {
    tools: tools as PlanToolFamily,
    locale: locale as LocaleId,
    dependencies: dependencies as DependencyMode | undefined,
  };
}

/** Whose plan: the key's agent and session, the store, and a shared list or plan file. */
function keyFlags(flags: RawMcpFlags, env: NodeJS.ProcessEnv, cwd: string) {
  const forAgent = flags.for as McpAgent | undefined;
  if (forAgent !== undefined) checkOneOf('--for', forAgent, MCP_AGENTS);
  if (forAgent !== undefined && (flags.agent !== undefined || flags.session !== undefined)) {
    throw new CliError('--for sets the plan key itself; leave out --agent and --session.');
  }
  const agent = nonBlank('--agent', flags.agent) ?? forAgent ?? 'mcp';
  const session = nonBlank('--session', flags.session);
  // Inside a coding agent the store follows the agent's project directory (project-store.ts).
  const projectDir =
    forAgent === undefined
      ? undefined
      : agentProjectDir(codingAgent(forAgent).projectDirEnv, env, cwd);
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
  const maxItems = maxItemsFlag(flags.maxItems, planPath);
  return { forAgent, agent, session, projectDir, store, planPath, list, maxItems };
}

/** `--max-items`, for a plan file only. */
function maxItemsFlag(value: string | undefined, planPath: string | undefined) {
  if (value === undefined) return undefined;
  if (planPath === undefined) throw new CliError(MAX_ITEMS_WITHOUT_PLAN_FILE);
  return valueOr(checkMaxItems(value), (problem) => new CliError(problem));
}

/** The rules around plan writes: evidence, the person's check command, approval. */
function ruleFlags(flags: RawMcpFlags, forAgent: McpAgent | undefined, projectDir: string) {
  const evidence = flags.evidence;
  if (evidence !== undefined) checkOneOf('--evidence', evidence, EVIDENCE_MODES);
  const fromChecks = evidenceFromChecks(flags);
  // Without a coding agent's hooks the server sees no tool call but its own, so under the
  // rule nothing could ever be completed, unless the person's checks are the evidence.
  if (evidence !== undefined && evidence !== 'off' && forAgent === undefined && !fromChecks) {
    throw new CliError(
      "--evidence needs --for AGENT: that agent's hooks record the tool calls that count as evidence.",
    );
  }
  const approval = flags.approval === true ? 'once' : flags.approval;
  if (approval !== undefined && approval !== 'once' && approval !== 'on-change') {
    throw new CliError(`--approval must be once or on-change, not ${JSON.stringify(approval)}.`);
  }
  const checks = checkFlags(flags, projectDir);
  if (fromChecks && (evidence !== 'enforce' || checks.verify === undefined)) {
    throw new CliError(
      '--evidence-from checks goes with --evidence enforce and --verify COMMAND: the command that must pass for a completion to count.',
    );
  }
  return {
    evidence: evidence as EvidenceMode | undefined,
    ...(fromChecks && { evidenceFrom: 'checks' as const }),
    checks,
    approval: approval as McpSettings['approval'],
  };
}

/** `--evidence-from`: `calls` (the default) or `checks`. */
function evidenceFromChecks(flags: RawMcpFlags): boolean {
  if (flags.evidenceFrom === undefined) return false;
  checkOneOf('--evidence-from', flags.evidenceFrom, ['calls', 'checks']);
  return flags.evidenceFrom === 'checks';
}

/**
 * The check commands (`auto`: the project's usual ones), where they run and their limits. A
 * coding agent's server checks in the agent's project: setup's files never name it.
 */
function checkFlags(
  flags: RawMcpFlags,
  projectDir: string,
): Pick<McpSettings, 'verify' | 'verifyIn' | 'verifyTimeoutSec' | 'verifyRefusals'> {
  const given = typeof flags.verify === 'string' ? [flags.verify] : (flags.verify ?? []);
  const named = nonBlank('--verify-in', flags.verifyIn);
  const verifyIn = named === undefined ? projectDir : resolve(projectDir, named);
  const commands = given.map((each) => valueOr(checkCommand(each), usageError));
  const verify = [
    ...new Set(
      commands.flatMap((command) => (command === AUTO_CHECKS ? detectChecks(verifyIn) : [command])),
    ),
  ];
  const limits = [flags.verifyTimeout, flags.verifyRefusals];
  if (given.length === 0 && (named !== undefined || limits.some((each) => each !== undefined))) {
    throw new CliError(LIMITS_WITHOUT_COMMAND);
  }
  if (given.length > 0 && verify.length === 0) {
    process.stderr.write(
      `plankeeper mcp: --verify auto found no checks in ${verifyIn}; none set.\n`,
    );
  }
  // Checked even when `auto` found nothing: a wrong value is said either way.
  const timeoutSec =
    flags.verifyTimeout === undefined
      ? undefined
      : valueOr(checkTimeoutSec(flags.verifyTimeout), usageError);
  const refusals =
    flags.verifyRefusals === undefined
      ? undefined
      : valueOr(checkRefusals(flags.verifyRefusals), usageError);
  if (verify.length === 0) return {};
  return {
    verify,
    verifyIn,
    ...(timeoutSec !== undefined && { verifyTimeoutSec: timeoutSec }),
    ...(refusals !== undefined && { verifyRefusals: refusals }),
  };
}

/** What `--discipline` sets here: the preset itself, the result echo and the evidence rule. */
function disciplineSettings(
  flags: RawMcpFlags,
  forAgent: McpAgent | undefined,
  evidence: EvidenceMode | undefined,
): Pick<McpSettings, 'evidence' | 'discipline' | 'echoPlan'> {
  const discipline = parseDiscipline(flags.discipline) ?? 'standard';
  // The preset as every host reads it. An MCP host shows no plan section, and the server
  // sees work only through a coding agent's hooks (without them every completion would
  // lack evidence, so no preset's evidence rule applies).
  const rules = resolveDiscipline(
    { discipline, evidence },
    { planSection: false, seesWork: forAgent !== undefined },
  );
  return {
    ...(rules.evidence !== undefined && { evidence: rules.evidence }),
    ...(flags.discipline !== undefined && { discipline }),
    echoPlan: rules.echoPlan,
  };
}

/** Streamable HTTP's settings, or undefined for stdio (where HTTP's flags are a usage error). */
function httpFlags(flags: RawMcpFlags, env: NodeJS.ProcessEnv): McpSettings['http'] {
  if (flags.http === undefined) {
    const httpOnly = [flags.host, flags.token, flags.idleTimeout, flags.maxSessions];
    if (httpOnly.some((flag) => flag !== undefined)) {
      throw new CliError(
        '--host, --token, --idle-timeout and --max-sessions apply only with --http PORT.',
      );
    }
    return undefined;
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
  return {
    port: Number(flags.http),
    host,
    ...(token !== undefined && { token }),
    sessionIdleMs: idleMinutes * 60_000,
    maxSessions: Number(maxSessions),
  };
}

function usageError(problem: string): Error {
  return new CliError(problem);
}
