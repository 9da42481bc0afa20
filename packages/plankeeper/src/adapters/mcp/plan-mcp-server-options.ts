/**
 * What a plan MCP server is configured with, in a leaf of its own: the server, its
 * installers and its evidence all read these options, and none of them need the others.
 */
import type { VerifyOption } from '../../checks/check-settings.js';
import type { EvidenceCall, EvidenceMode, EvidenceSource } from '../../engine/evidence.js';
import type { DependencyMode } from '../../engine/operations/dependencies.js';
import type { PlanEngine } from '../../engine/plan-engine.js';
import type { PlanKey } from '../../engine/plan-key.js';
import type { ApprovalOption } from '../../harness/approval.js';
import type { CompletionVerifier, VerifierSpec } from '../../harness/verifiers.js';
import type { LocaleId } from '../../locale/index.js';
import type { PlanToolFamily } from '../../tools/plan-tools.js';

export interface PlanMcpServerOptions {
  engine: PlanEngine;
  /** Agent part of the plan key. Default `mcp`. */
  agent?: string;
  /** Session part of the plan key. Default: a fresh random id, so each connection has its own plan. */
  session?: string;
  /**
   * Share one plan among every connection and process that names this list (see
   * sharedListKey). Each call's session (`session`, or the one `keyForCall` names) is then
   * the writer who owns the items it starts, not a plan of its own.
   */
  list?: string;
  /** Which plan tools to offer. Default `both`. */
  tools?: PlanToolFamily;
  /** @deprecated Renamed `tools` in 0.3. */
  preset?: PlanToolFamily;
  /** Language of tool descriptions, results and instructions. Default `en`. */
  locale?: LocaleId;
  /** Append the updated list to write results. Default true: MCP hosts do not inject the plan. */
  echoPlan?: boolean;
  /** How `blockedBy` constrains the order of writes. Default: the engine's (`warn`). */
  dependencies?: DependencyMode;
  /**
   * Also send each result's data (items, version) as `structuredContent`. Default false:
   * hosts that find it show the model that JSON instead of the text. The same data is
   * always in the `plankeeper://plan` resource.
   */
  structuredContent?: boolean;
  /**
   * The plan key of one `tools/call`, for hosts that name their session per call (Codex puts
   * its thread id in `params._meta`; an OpenCode plugin writes it into the arguments, which
   * then belong in `ignoredArguments` too). Return undefined to use the server's own key;
   * throw to refuse the call (its message is the tool error the model reads).
   */
  keyForCall?: (call: ToolCallInfo) => PlanKey | undefined | Promise<PlanKey | undefined>;
  /**
   * Top-level argument names some host adds to every tool call and that mean nothing to the
   * plan tools (Gemini CLI's `wait_for_previous`); they are dropped before validation, every
   * other unknown field is still rejected.
   */
  ignoredArguments?: readonly string[];
  /**
   * The evidence rule for this server's plan writes (see HarnessOptions.evidence). The
   * server runs no other tool, so the calls that count come from `toolSuccesses`.
   * Default `off`.
   */
  evidence?: EvidenceMode;
  /**
   * What counts as evidence under `evidence: 'enforce'`: `calls` (default), or `checks`, a
   * pass of `verify` on the workspace as it is at the completion (harness/check-evidence.ts);
   * then no hooks need to record calls.
   */
  evidenceFrom?: EvidenceSource;
  /** The person's check command(s) that `evidenceFrom: 'checks'` runs (plankeeper/checks). */
  verify?: VerifyOption;
  /** Checks that may refuse a completion, configured by the person running the server. */
  verifiers?: readonly (CompletionVerifier | VerifierSpec)[];
  verifierTimeoutMs?: number;
  /**
   * The successful non-plan tool calls recorded for `key` by another process, oldest first.
   * Read before each plan call. A coding agent's hooks record them in the turn record:
   * `turnRecordsInStore` reads them there without this.
   */
  toolSuccesses?: (key: PlanKey) => Promise<readonly EvidenceCall[]>;
  /**
   * The host's hooks keep each session's turn record in the store beside the plan (a coding
   * agent set up by plankeeper): the server reads and updates that same record, so what the
   * model has seen of its plan is tracked once, and the calls the hooks recorded count as
   * evidence. Default false: the server keeps its own records in memory.
   */
  turnRecordsInStore?: boolean;
  /**
   * The host holds its other tools until a person approves the plan (coding-agent hooks
   * do, with `--approval`): a write that leaves the plan waiting says so in its result, so
   * the model ends its turn for a review. This server runs plan tools only, so it holds
   * nothing itself. Default: off.
   */
  approval?: ApprovalOption | false;
  /**
   * Tools the host calls itself and its model never sees (Claude Code's `mcp_tool` hooks call
   * one, so a hook costs a message to this running server rather than a process): by name,
   * the text to answer with ('' for none). Not listed in tools/list, not keyed, no plan rules
   * around them; a handler that throws gives an error result.
   */
  hostTools?: Readonly<Record<string, HostTool>>;
  /**
   * Fields added to every plan tool's `_meta` in tools/list, for a host that reads some
   * there (the Claude Agent SDK's `anthropic/alwaysLoad` keeps the plan tools out of its
   * tool search, in front of the model from the first request).
   */
  toolMeta?: Readonly<Record<string, unknown>>;
}

/** A tool the host calls itself (see `hostTools`): its arguments in, the result's text out. */
export type HostTool = (args: Record<string, unknown>) => Promise<string>;

/** What a key function gets to see of one `tools/call`. */
export interface ToolCallInfo {
  name: string;
  /** `params._meta` as the client sent it. */
  meta: Record<string, unknown> | undefined;
  /** `params.arguments` as the client sent it, before `ignoredArguments` are dropped. */
  arguments?: Record<string, unknown>;
}
