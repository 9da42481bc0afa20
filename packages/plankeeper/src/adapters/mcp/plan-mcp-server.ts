/**
 * One MCP server per connection, serving the plan tools over the low-level SDK `Server`
 * so clients see exactly our JSON Schemas (the high-level `registerTool` would re-derive
 * them from zod and answer bad arguments with its own messages instead of ours).
 */
import { createRequire } from 'node:module';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  type Tool,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { EvidenceCall, EvidenceMode } from '../../engine/evidence.js';
import type { DependencyMode } from '../../engine/operations/dependencies.js';
import type { PlanEngine } from '../../engine/plan-engine.js';
import type { PlanKey } from '../../engine/plan-key.js';
import { sharedListKey } from '../../engine/shared-list.js';
import type { Unsubscribe } from '../../engine/store/plan-store.js';
import { type ApprovalOption, approvalRules } from '../../harness/approval.js';
import { revisionsSince } from '../../harness/change-notices.js';
import { defaultInstructions } from '../../harness/instructions.js';
import { approvalAgain } from '../../harness/rules/approval-hold.js';
import { decide } from '../../harness/rules/decide.js';
import type { TurnRecord } from '../../harness/rules/turn-record.js';
import type { CompletionVerifier, VerifierSpec } from '../../harness/verifiers.js';
import { getLocale, type LocaleId } from '../../locale/index.js';
import {
  createPlanTools,
  PLAN_WRITE_TOOL_NAMES,
  type PlanToolFamily,
} from '../../tools/plan-tools.js';
import { toolFamilyOf } from '../../tools/tool-family.js';
import {
  getInstructionsPrompt,
  INSTRUCTIONS_PROMPT_NAME,
  instructionsPrompt,
} from './instructions-prompt.js';
import {
  isChangeOf,
  PLAN_RESOURCE_URI,
  planResource,
  readPlanResource,
  resourceKey,
  subAgentResourceTemplate,
} from './plan-resource.js';
import { RawCallToolRequestSchema } from './raw-call-request.js';
import { ServerEvidence } from './server-evidence.js';
import { PLAN_TOOL_ANNOTATIONS } from './tool-annotations.js';
import { failedCallResult, toCallToolResult } from './tool-result.js';
import { TurnRecords } from './turn-records.js';

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

/** An SDK `Server` that also knows which plan it serves. */
export type PlanMcpServer = Server & { readonly planKey: PlanKey };

/** Creates the server for one connection; connect it to a transport with `server.connect()`. */
export function createPlanMcpServer(options: PlanMcpServerOptions): PlanMcpServer {
  const { engine } = options;
  const localeId = options.locale ?? 'en';
  const locale = getLocale(localeId);
  const sessionKey: PlanKey = {
    agent: options.agent ?? 'mcp',
    session: options.session ?? globalThis.crypto.randomUUID(),
  };
  const { list } = options;
  // In a shared list a session's key names the writer; the plan is the list's.
  const planOf = (session: PlanKey): { key: PlanKey; owner?: string } =>
    list === undefined
      ? { key: session }
      : { key: sharedListKey(list, session.scope), owner: session.session };
  const key = planOf(sessionKey).key;
  const tools = createPlanTools({
    engine,
    locale,
    tools: toolFamilyOf(options, 'both'),
    ...(options.echoPlan !== undefined && { echoPlan: options.echoPlan }),
    ...(options.dependencies && { dependencies: options.dependencies }),
  });
  const ignored = new Set(options.ignoredArguments ?? []);
  const toolsByName = new Map(tools.map((tool) => [tool.name, tool]));

  const server = new Server(
    { name: 'plankeeper', version: packageVersion() },
    {
      capabilities: {
        tools: {},
        resources: { subscribe: true },
        prompts: {},
      },
      instructions: defaultInstructions(locale),
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map(
      (tool): Tool => ({
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema as Tool['inputSchema'],
        ...(PLAN_TOOL_ANNOTATIONS[tool.name] && { annotations: PLAN_TOOL_ANNOTATIONS[tool.name] }),
        ...(options.toolMeta && { _meta: { ...options.toolMeta } }),
      }),
    ),
  }));

  const records = new TurnRecords(engine, options.turnRecordsInStore ?? false);
  const successes =
    options.toolSuccesses ??
    (options.turnRecordsInStore ? (session: PlanKey) => records.successes(session) : undefined);
  const evidence = new ServerEvidence(options, engine, locale, successes);
  const approval = approvalRules(options.approval);
  const rules = { locale, ...(approval && { approval: approval.again ?? 'once' }) };

  server.setRequestHandler(RawCallToolRequestSchema, async (request, extra) => {
    const { name } = request.params;
    const tool = toolsByName.get(name);
    const hostTool = tool ? undefined : hostToolNamed(options.hostTools, name);
    if (hostTool) return callHostTool(hostTool, name, request.params.arguments);
    if (!tool) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool ${JSON.stringify(name)}; available: ${tools.map((each) => each.name).join(', ')}.`,
      );
    }
    const args = request.params.arguments;
    try {
      // A key function that throws refuses the call: its message is the tool error.
      const callSession =
        (await options.keyForCall?.({
          name,
          meta: request.params._meta as Record<string, unknown> | undefined,
          // Only an object can name a key; anything else is the tool's to reject.
          ...(typeof args === 'object' &&
            args !== null &&
            !Array.isArray(args) && { arguments: args as Record<string, unknown> }),
        })) ?? sessionKey;
      const { key: callKey, owner } = planOf(callSession);
      const gate = await evidence.gateFor(callKey, callSession);
      // The plan the model last saw: a person's changes since are not undone by this call.
      const seen = await records.read(callSession);
      const seenVersion = seenBefore(seen);
      const result = await tool.execute(withoutIgnored(request.params.arguments, ignored), {
        key: callKey,
        callId: String(extra.requestId),
        signal: extra.signal,
        ...(seenVersion !== undefined && { seenVersion }),
        ...(owner !== undefined && { owner }),
        // Stored with the plan, so a viewer knows this plan waits for a person's approval.
        ...(approval && { approval: approvalAgain(approval.again) }),
        ...(gate && { gate }),
      });
      // The rules decide what goes around the result: a person's changes since the model
      // last saw the plan, and a plan left waiting for a person.
      const snapshot = await engine.snapshot(callKey);
      const { version } = (result.data ?? {}) as { version?: unknown };
      const event = {
        kind: 'plan-result',
        tool: name,
        ok: result.ok,
        isPlanWrite: PLAN_WRITE_TOOL_NAMES.includes(name),
        version: typeof version === 'number' ? version : snapshot.version,
      } as const;
      // The revisions since the version the model last saw, read only when it moved on.
      const shown = seen.shownVersion;
      const recent =
        shown > 0 && event.version > shown
          ? await revisionsSince(engine, callKey, shown, event.version)
          : [];
      const now = Date.now();
      const { answer } = await records.decide(callSession, (record) =>
        decide(event, snapshot, record, { ...rules, now }, recent),
      );
      const around: { before?: string; after?: string } = answer.kind === 'annotate' ? answer : {};
      const text = [around.before, result.text, around.after].filter(Boolean).join('\n');
      return toCallToolResult(
        { ...result, text },
        { structuredContent: options.structuredContent ?? false },
      );
    } catch (error) {
      return failedCallResult(name, error);
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [planResource(locale)],
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [subAgentResourceTemplate()],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    const resource = resourceKey(uri, key);
    if (!resource) assertPlanUri(uri, true);
    return { contents: await readPlanResource(engine, resource ?? key, locale, uri) };
  });

  // Store subscription, opened on the first resources/subscribe and closed with the server.
  let subscribed = false;
  let watching: Promise<Unsubscribe> | undefined;
  let closed = false;
  const watch = () => {
    watching ??= engine.store.subscribe((change) => {
      if (!subscribed || closed || !isChangeOf(change, key)) return;
      // The connection may be going away; a lost notification is not worth a crash.
      server.sendResourceUpdated({ uri: PLAN_RESOURCE_URI }).catch(() => {});
    });
    return watching;
  };
  server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    assertPlanUri(request.params.uri);
    await watch();
    subscribed = true;
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    assertPlanUri(request.params.uri);
    subscribed = false;
    return {};
  });

  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [instructionsPrompt] }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    if (request.params.name !== INSTRUCTIONS_PROMPT_NAME) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown prompt ${JSON.stringify(request.params.name)}; available: ${INSTRUCTIONS_PROMPT_NAME}.`,
      );
    }
    return getInstructionsPrompt(request.params.arguments, localeId);
  });

  // Cleanup runs on close however the caller sets `onclose` later (hosts often do).
  let hostOnClose: (() => void) | undefined;
  const onClose = () => {
    closed = true;
    watching?.then((unsubscribe) => unsubscribe()).catch(() => {});
    hostOnClose?.();
  };
  Object.defineProperty(server, 'onclose', {
    get: () => onClose,
    set: (handler: (() => void) | undefined) => {
      hostOnClose = handler;
    },
  });

  return Object.assign(server, { planKey: key });
}

function hostToolNamed(
  tools: PlanMcpServerOptions['hostTools'],
  name: string,
): HostTool | undefined {
  return tools !== undefined && Object.hasOwn(tools, name) ? tools[name] : undefined;
}

async function callHostTool(tool: HostTool, name: string, args: unknown) {
  try {
    const object =
      typeof args === 'object' && args !== null && !Array.isArray(args)
        ? (args as Record<string, unknown>)
        : {};
    const text = await tool(object);
    return { content: text === '' ? [] : [{ type: 'text' as const, text }] };
  } catch (error) {
    return failedCallResult(name, error);
  }
}

/**
 * The version a session's model last saw, or undefined while its record knows nothing: a
 * server on its own before its first result. A turn the hooks started showed the plan as
 * it was (absent, at version 0), so that record knows. Without it a call goes as always:
 * the first write of a new session must not bring back every item a person ever touched.
 */
function seenBefore(record: TurnRecord): number | undefined {
  return record.shownVersion > 0 || record.turn !== undefined ? record.shownVersion : undefined;
}

function withoutIgnored(args: unknown, ignored: ReadonlySet<string>): unknown {
  if (ignored.size === 0 || args === null || typeof args !== 'object' || Array.isArray(args)) {
    return args;
  }
  return Object.fromEntries(Object.entries(args).filter(([name]) => !ignored.has(name)));
}

/** JSON-RPC code MCP uses for an unknown resource URI. */
const RESOURCE_NOT_FOUND = -32002;

/** Subscriptions are to this plan only; reads also take its sub-agents' plans (`readable`). */
function assertPlanUri(uri: string, readable = false): void {
  if (uri !== PLAN_RESOURCE_URI) {
    const also = readable ? " and its sub-agents' plans (plankeeper://plan/sub-agent/{scope})" : '';
    throw new McpError(
      RESOURCE_NOT_FOUND,
      `Unknown resource ${JSON.stringify(uri)}; this server has ${PLAN_RESOURCE_URI}${also}.`,
    );
  }
}

let version: string | undefined;

/**
 * plankeeper's version for serverInfo, read once from the package manifest, found by the
 * package's name rather than by a path from this file: a bundle that carries this code (the
 * CLI's `plankeeper mcp`) is somewhere else and still finds the manifest.
 */
function packageVersion(): string {
  if (version === undefined) {
    try {
      const manifest = createRequire(import.meta.url)('plankeeper/package.json');
      version = (manifest as { version: string }).version;
    } catch {
      version = '0.0.0';
    }
  }
  return version;
}
