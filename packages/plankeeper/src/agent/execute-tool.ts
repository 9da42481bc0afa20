/**
 * The one path every tool call takes (seed 000): lookup, before-hooks that may block,
 * execution, observer events, after-hooks. Plan tools get no side door. Returns the
 * observation for the model and whether the call really succeeded, which is what the
 * nudge counts.
 */
import { ConfigurationError } from '../engine/errors.js';
import type { ToolContext, ToolDefinition, ToolResult } from '../tools/tool.js';
import type { AgentObserver } from './agent-events.js';
import type { ToolCall } from './model-client.js';
import type { HookContext, ToolHooks } from './tool-hooks.js';

export interface ToolOutcome {
  ok: boolean;
  observation: string;
  result: ToolResult | undefined;
  blocked?: string;
}

/** What the harness adds for plan writes: its record of calls, the plan the model saw, and its approval rule. */
type Planning = Pick<ToolContext, 'gate' | 'seenVersion' | 'approval'>;

export async function executeTool(
  call: ToolCall,
  tools: ReadonlyMap<string, ToolDefinition>,
  hooks: ToolHooks,
  context: HookContext,
  observe: AgentObserver,
  signal?: AbortSignal,
  /**
   * What the harness adds for plan writes: its record of calls, the plan the model saw, and
   * its approval rule.
   */
  planning?: Planning,
): Promise<ToolOutcome> {
  observe({ type: 'tool-started', call });
  const outcome = await run(call, tools, hooks, context, observe, signal, planning);
  observe({ type: 'tool-finished', call, ...outcome });
  for (const hook of hooks.after ?? []) await hook(call, outcome, context);
  return outcome;
}

/** Lookup, the before-hooks, then the tool itself. */
async function run(
  call: ToolCall,
  tools: ReadonlyMap<string, ToolDefinition>,
  hooks: ToolHooks,
  context: HookContext,
  observe: AgentObserver,
  signal: AbortSignal | undefined,
  planning: Planning | undefined,
): Promise<ToolOutcome> {
  const tool = tools.get(call.name);
  if (!tool) {
    return {
      ok: false,
      result: undefined,
      observation: `Unknown tool "${call.name}". Available tools: ${[...tools.keys()].join(', ')}.`,
    };
  }
  for (const hook of hooks.before ?? []) {
    const verdict = await hook(call, context);
    if (verdict && 'block' in verdict) {
      observe({ type: 'tool-blocked', call, reason: verdict.block });
      return {
        ok: false,
        result: undefined,
        blocked: verdict.block,
        observation: `Blocked: ${verdict.block}`,
      };
    }
  }
  return callTool(tool, call, context, signal, planning);
}

/** The tool's own result, or its failure as an observation for the model. */
async function callTool(
  tool: ToolDefinition,
  call: ToolCall,
  context: HookContext,
  signal: AbortSignal | undefined,
  planning: Planning | undefined,
): Promise<ToolOutcome> {
  try {
    const result = await tool.execute(call.arguments, {
      key: context.key,
      turn: context.turn,
      callId: call.id,
      ...(signal && { signal }),
      ...(planning?.gate && { gate: planning.gate }),
      ...(planning?.seenVersion !== undefined && { seenVersion: planning.seenVersion }),
      ...(planning?.approval !== undefined && { approval: planning.approval }),
    });
    return { ok: result.ok, observation: result.text, result };
  } catch (error) {
    // Wiring mistakes must surface to the developer, not be fed to the model.
    if (ConfigurationError.isInstance(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      result: undefined,
      observation: `Tool "${call.name}" failed: ${message}`,
    };
  }
}
