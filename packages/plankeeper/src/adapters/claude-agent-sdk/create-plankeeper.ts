/**
 * plankeeper for one Claude Agent SDK program: `options(base)` gives `query()` the plan tools
 * as an in-process MCP server named `plankeeper` and the discipline as hook callbacks, merged
 * into the program's own options. Nothing of ours runs in another process.
 */

import { CheckGate } from '../../checks/check-gate.js';
import { checkSettings, type VerifyOption } from '../../checks/check-settings.js';
import { ConfigurationError } from '../../engine/errors.js';
import type { EvidenceMode } from '../../engine/evidence.js';
import type { DependencyMode } from '../../engine/operations/dependencies.js';
import { PlanEngine } from '../../engine/plan-engine.js';
import type { PlanKey } from '../../engine/plan-key.js';
import type { ApprovalAgainOption } from '../../harness/rules/approval-hold.js';
import type { AnswerCheck } from '../../harness/rules/check.js';
import type { NudgeOptions } from '../../harness/rules/nudge.js';
import type { Discipline } from '../../harness/rules/presets.js';
import {
  type ResolvedDiscipline,
  resolveDiscipline,
} from '../../harness/rules/resolve-discipline.js';
import type { StoredRuleOptions } from '../../harness/stored-discipline.js';
import type { CompletionVerifier, VerifierSpec } from '../../harness/verifiers.js';
import { hookEngine } from '../../hooks/hook-lock-wait.js';
import { getLocale, type LocaleId } from '../../locale/index.js';
import { PLAN_TOOL_NAMES } from '../../tools/plan-tools.js';
import type { PlanToolFamily } from '../../tools/tool-family.js';
import { createPlanMcpServer } from '../mcp/plan-mcp-server.js';
import { TOOL_PREFIX } from './hook-events.js';
import { mergeOptions } from './merge-options.js';
import { type PlanHookContext, type PlanHooks, planHooks } from './plan-hooks.js';
import type { McpSdkServerConfigWithInstance, Options } from './sdk-types.js';
import { ToolUseKeys } from './tool-use-keys.js';

/** Hold every other tool until a person approves the plan (`plankeeper todos --approve`, the dashboard). */
export type SdkApprovalOption =
  | 'required'
  | {
      /** When an approved plan waits again: `once` (default) or `on-change`. */
      again?: ApprovalAgainOption;
      /** Tools besides the plan tools that run while the plan waits (read-only lookups). */
      allow?: readonly string[];
    };

export interface PlankeeperOptions {
  /** Where plans live. Default: a new in-memory engine (plans last as long as the process). */
  engine?: PlanEngine;
  /** Which plan every session uses. Default: `{agent: 'claude-agent-sdk', session: <SDK session id>}`. */
  key?: PlanKey;
  /** The preset of the nudge and the checks. Default `standard`. */
  discipline?: Discipline;
  /** Language of everything the model reads. Default `en`. */
  locale?: LocaleId;
  /** Which plan tools to offer. Default `both`, as the MCP server. */
  tools?: PlanToolFamily;
  /** The idle-round reminder over the preset's (it waits for an open item); false turns it off. */
  nudge?: NudgeOptions | false;
  /** Bounce a final answer once per turn while items written this turn are open. Default: the preset's. */
  finishCheck?: boolean;
  /** Ask once per turn to check the answer against the request. Default: the preset's. */
  goalCheck?: boolean;
  /** The checks an answer passes, in order; set, it wins over `finishCheck` and `goalCheck`. */
  checks?: readonly AnswerCheck[];
  /** Hold non-plan tools until a person approves the plan. Default: no approval. */
  approval?: SdkApprovalOption | false;
  /** The evidence rule for completions: `off` (default), `warn` or `enforce`. */
  evidence?: EvidenceMode;
  /** Checks that may refuse a completion with a reason the model reads. */
  verifiers?: readonly (CompletionVerifier | VerifierSpec)[];
  verifierTimeoutMs?: number;
  /** How `blockedBy` constrains the order of writes. Default: the engine's. */
  dependencies?: DependencyMode;
  /**
   * The person's check command(s), run when the model answers after the workspace changed:
   * a failure refuses the answer (at most `maxRefusals` times per turn, default 3). A string,
   * `{ command, cwd?, timeoutMs?, maxRefusals? }`, or a list (plankeeper/checks). They run
   * in `cwd`, else in the `cwd` of the options given to `options(base)`, else here.
   */
  verify?: VerifyOption;
  /**
   * Told what the person must know about the checks (one still failing after the refusals,
   * one that cannot start), besides the Stop hook's `systemMessage` the SDK shows the person.
   */
  onNotice?: (text: string) => void;
  /**
   * Called when plankeeper fails on an event (a store down, past `hookDeadlineMs`): the
   * agent goes on as if plankeeper were absent for it. Default: one line on the console.
   */
  onError?: (error: unknown, event: string) => void;
  /** How long one hook callback may take before it answers neutrally. Default 3000 ms. */
  hookDeadlineMs?: number;
}

export interface Plankeeper {
  readonly engine: PlanEngine;
  /** The names the model calls plankeeper's tools by (`mcp__plankeeper__todo_write`, …). */
  readonly toolNames: readonly string[];
  /**
   * The SDK options for one `query()`: `base` with plankeeper's MCP server, its tools
   * allowed, its hook callbacks after yours, and its tools added to each sub-agent that
   * lists its own. Call it once per `query()` (each gets its own server connection).
   */
  options(base?: Options): Options;
  /** The plan key of an SDK session (its `session_id`), to read or show its plan. */
  keyOf(sessionId: string): PlanKey;
}

export function createPlankeeper(options: PlankeeperOptions = {}): Plankeeper {
  const engine = options.engine ?? new PlanEngine();
  const family = options.tools ?? 'both';
  const toolNames = sdkToolNames(family);
  const approval =
    options.approval === undefined || options.approval === false
      ? undefined
      : options.approval === 'required'
        ? {}
        : options.approval;
  // The preset as every host reads it: this host shows no plan section and its hooks see
  // every tool call, so the evidence rule and the echo follow the preset as with `plankeeper mcp --for`.
  const discipline = resolveDiscipline(options, { planSection: false });
  const toolUses = new ToolUseKeys();
  const context: Omit<PlanHookContext, 'checks'> = {
    // A lock held by another process must not stop the SDK host's process (hook-lock-wait.ts).
    engine: hookEngine(engine),
    key: options.key,
    rules: ruleOptions(options, discipline, approval?.again),
    allowWhileWaiting: new Set(approval?.allow ?? []),
    toolUses,
    onError: options.onError ?? reportError,
    deadlineMs: options.hookDeadlineMs ?? 3000,
    ...(options.onNotice && { onNotice: options.onNotice }),
  };
  // A malformed `verify` fails here, not at the first query.
  checkSettings(options.verify);
  return {
    engine,
    toolNames,
    options(base = {}) {
      if (base.mcpServers && Object.hasOwn(base.mcpServers, 'plankeeper')) {
        throw new ConfigurationError(
          'base.mcpServers already has a server named "plankeeper"; plankeeper adds its own under that name. Rename yours.',
        );
      }
      const server = createPlanMcpServer({
        engine,
        agent: 'claude-agent-sdk',
        tools: family,
        locale: options.locale ?? 'en',
        keyForCall: (call) => toolUses.keyForCall(call),
        // The hooks keep each session's turn record beside the plan: what the model saw of
        // it is tracked once, and the calls they noted count as evidence.
        turnRecordsInStore: true,
        // Never deferred behind the SDK's tool search: the plan is the model's from the start.
        toolMeta: { 'anthropic/alwaysLoad': true },
        echoPlan: discipline.echoPlan,
        ...(approval && { approval }),
        ...(discipline.evidence && { evidence: discipline.evidence }),
        ...(options.verifiers && { verifiers: options.verifiers }),
        ...(options.verifierTimeoutMs !== undefined && {
          verifierTimeoutMs: options.verifierTimeoutMs,
        }),
        ...(options.dependencies && { dependencies: options.dependencies }),
      });
      // The SDK only connects the instance to its transport, which the SDK `Server` (what
      // McpServer wraps) does the same: our server keeps plankeeper's exact tool schemas.
      const config: McpSdkServerConfigWithInstance = {
        type: 'sdk',
        name: 'plankeeper',
        instance: server as unknown as McpSdkServerConfigWithInstance['instance'],
      };
      const hooks = queryHooks(context, options.verify, base.cwd);
      return mergeOptions(base, { server: config, toolNames, hooks });
    },
    keyOf: (sessionId) => options.key ?? { agent: 'claude-agent-sdk', session: sessionId },
  };
}

/** The names the model calls the plan tools of `family` by. */
function sdkToolNames(family: PlanToolFamily): string[] {
  const names = [
    ...(family === 'granular' ? [] : PLAN_TOOL_NAMES['whole-list']),
    ...(family === 'whole-list' ? [] : PLAN_TOOL_NAMES.granular),
  ];
  return names.map((name) => `${TOOL_PREFIX}${name}`);
}

/** The hooks of one query: the person's checks run in its folder unless they name their own. */
function queryHooks(
  context: Omit<PlanHookContext, 'checks'>,
  verify: VerifyOption | undefined,
  cwd: string | undefined,
): PlanHooks {
  const settings = checkSettings(verify, cwd ?? process.cwd());
  return planHooks({ ...context, ...(settings && { checks: new CheckGate(settings) }) });
}

/** The rules for one event at a time: the resolved preset, in the language of the model. */
function ruleOptions(
  options: PlankeeperOptions,
  { nudge, checks }: ResolvedDiscipline,
  again: ApprovalAgainOption | undefined,
): StoredRuleOptions {
  const approval = again ?? (options.approval ? 'once' : undefined);
  return {
    locale: getLocale(options.locale ?? 'en'),
    ...(nudge !== undefined && { nudge }),
    checks,
    ...(approval !== undefined && { approval }),
  };
}

function reportError(error: unknown, event: string): void {
  const message = error instanceof Error ? error.message : String(error);
  console.warn(`plankeeper (${event}): ${message.replace(/\s+/g, ' ')} (went on without it)`);
}
