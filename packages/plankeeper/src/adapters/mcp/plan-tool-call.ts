/**
 * One plan tool call as the server answers it: the call's key (the server's, or the one the
 * host names per call), the evidence gate, the tool itself, and what the rules put around
 * its result (a person's changes since the model last saw the plan, a plan left waiting for
 * a person). A tool that throws gives an error result, never a dropped call.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { PlanEngine } from '../../engine/plan-engine.js';
import type { PlanKey } from '../../engine/plan-key.js';
import { approvalRules } from '../../harness/approval.js';
import { revisionsSince } from '../../harness/change-notices.js';
import { approvalAgain } from '../../harness/rules/approval-hold.js';
import { type Decision, decide } from '../../harness/rules/decide.js';
import type { TurnRecord } from '../../harness/rules/turn-record.js';
import type { Locale } from '../../locale/locale.js';
import { PLAN_WRITE_TOOL_NAMES } from '../../tools/plan-tools.js';
import type { ToolDefinition, ToolResult } from '../../tools/tool.js';
import type { PlanMcpServerOptions } from './plan-mcp-server-options.js';
import { ServerEvidence } from './server-evidence.js';
import type { ServerKeys } from './server-keys.js';
import { failedCallResult, toCallToolResult } from './tool-result.js';
import { TurnRecords } from './turn-records.js';

/** What the handler passes on of one tools/call request. */
export interface PlanToolCall {
  name: string;
  arguments: unknown;
  meta: Record<string, unknown> | undefined;
  requestId: string | number;
  signal: AbortSignal;
}

export type PlanToolCaller = (tool: ToolDefinition, call: PlanToolCall) => Promise<CallToolResult>;

export function createPlanToolCaller(
  options: PlanMcpServerOptions,
  locale: Locale,
  keys: ServerKeys,
): PlanToolCaller {
  const { engine } = options;
  const ignored = new Set(options.ignoredArguments ?? []);
  const records = new TurnRecords(engine, options.turnRecordsInStore ?? false);
  const successes =
    options.toolSuccesses ??
    (options.turnRecordsInStore ? (session: PlanKey) => records.successes(session) : undefined);
  const evidence = new ServerEvidence(options, engine, locale, successes);
  const approval = approvalRules(options.approval);
  const rules = { locale, ...(approval && { approval: approval.again ?? 'once' }) };

  return async (tool, call) => {
    const { name } = call;
    try {
      // A key function that throws refuses the call: its message is the tool error.
      const callSession = (await keyForCall(options, call)) ?? keys.sessionKey;
      const { key: callKey, owner } = keys.planOf(callSession);
      const gate = await evidence.gateFor(callKey, callSession);
      // The plan the model last saw: a person's changes since are not undone by this call.
      const seen = await records.read(callSession);
      const seenVersion = seenBefore(seen);
      const result = await tool.execute(withoutIgnored(call.arguments, ignored), {
        key: callKey,
        callId: String(call.requestId),
        signal: call.signal,
        ...(seenVersion !== undefined && { seenVersion }),
        ...(owner !== undefined && { owner }),
        // Stored with the plan, so a viewer knows this plan waits for a person's approval.
        ...(approval && { approval: approvalAgain(approval.again) }),
        ...(gate && { gate }),
      });
      const around = await aroundResult(
        engine,
        name,
        result,
        callKey,
        seen,
        (event, snapshot, recent) => {
          const now = Date.now();
          return records.decide(callSession, (record) =>
            decide(event, snapshot, record, { ...rules, now }, recent),
          );
        },
      );
      const text = [around.before, result.text, around.after].filter(Boolean).join('\n');
      return toCallToolResult(
        { ...result, text },
        { structuredContent: options.structuredContent ?? false },
      );
    } catch (error) {
      return failedCallResult(name, error, locale);
    }
  };
}

function keyForCall(options: PlanMcpServerOptions, call: PlanToolCall) {
  const args = call.arguments;
  return options.keyForCall?.({
    name: call.name,
    meta: call.meta,
    // Only an object can name a key; anything else is the tool's to reject.
    ...(typeof args === 'object' &&
      args !== null &&
      !Array.isArray(args) && { arguments: args as Record<string, unknown> }),
  });
}

/** `decide` on the calling session's record, with everything but the record given. */
type DecideOnRecord = (
  event: Parameters<typeof decide>[0],
  snapshot: Parameters<typeof decide>[1],
  recent: Parameters<typeof decide>[4],
) => Promise<Decision>;

/**
 * The rules decide what goes around the result: a person's changes since the model last
 * saw the plan, and a plan left waiting for a person.
 */
async function aroundResult(
  engine: PlanEngine,
  name: string,
  result: ToolResult,
  callKey: PlanKey,
  seen: TurnRecord,
  decideFor: DecideOnRecord,
): Promise<{ before?: string; after?: string }> {
  const snapshot = await engine.snapshot(callKey);
  const { version } = (result.data ?? {}) as { version?: unknown };
  const event = {
    kind: 'plan-result',
    tool: name,
    ok: result.ok,
    isPlanWrite: PLAN_WRITE_TOOL_NAMES.includes(name),
    version: typeof version === 'number' ? version : snapshot.version,
  } as const;
  // The revisions since the version the model last saw, read only when it moved on (from
  // the start on its first sight, for a plan file's lines that are no items: plan-result.ts).
  const shown = seen.shownVersion;
  const recent =
    event.version > shown ? await revisionsSince(engine, callKey, shown, event.version) : [];
  const { answer } = await decideFor(event, snapshot, recent);
  return answer.kind === 'annotate' ? answer : {};
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
