/**
 * GitHub Copilot CLI's hooks (1.0.102; see test/coding-agents/copilot/PROTOCOL.md). Its events
 * are camelCase (`userPromptSubmitted`, `postToolUse`, `agentStop`) and its input has
 * `sessionId`, `toolName` (`plankeeper-todo_write`), `toolResult.resultType`. An answer is a
 * flat object: `additionalContext`, or `{"decision": "block", "reason"}` to refuse a stop. The
 * stop's input lacks the final answer: it is the last main-agent message of the session's
 * transcript (transcript.ts), read once the turn's end is written there (`settle`). Two events are answered from the input alone
 * (`direct`): `permissionRequest` (setup's matcher runs it for plankeeper's tools only) with
 * `allow` for plankeeper's tools, so they need no prompt; `preMcpToolCall` with the sub-agent's
 * id in the call's `_meta`, for the MCP server's key. A sub-agent plans in its own scope.
 */
import type { PlanKey } from 'plankeeper';
import { isPlanWriteToolName } from 'plankeeper/hooks';
import type { HookAdapter, HostAnswer, KeyedEvent, ToolCall } from '../hook-adapter.js';
import { text } from '../hook-adapter.js';
import { ANSWER_FIELD } from './extension/turn-answer.js';
import { mcpCallMeta } from './mcp-call-meta.js';
import { lastAnswer, turnEndWritten } from './transcript.js';

/** Copilot names an MCP tool `<server>-<tool>`. */
const TOOL_PREFIX = 'plankeeper-';

const CONTEXT_EVENTS = new Set([
  'sessionStart',
  'userPromptSubmitted',
  'postToolUse',
  'postToolUseFailure',
  'subagentStart',
]);

const STOP_EVENTS = new Set(['agentStop', 'subagentStop']);

export const copilotAdapter: HookAdapter = {
  agent: 'copilot',

  parse(eventName, input): KeyedEvent | undefined {
    const key = planKey(eventName, input);
    switch (eventName) {
      case 'sessionStart':
        return { key, event: { kind: 'session-start', source: text(input.source) ?? 'startup' } };
      case 'userPromptSubmitted':
        return { key, event: { kind: 'prompt', text: text(input.prompt) ?? '' } };
      case 'postToolUse':
      case 'postToolUseFailure': {
        const tool = text(input.toolName) ?? '';
        const result = input.toolResult as { resultType?: unknown } | undefined;
        const ok =
          eventName === 'postToolUse' &&
          (result === null || typeof result !== 'object' || result.resultType !== 'failure');
        return {
          key,
          event: {
            kind: 'tool-done',
            tool,
            ok,
            isPlanWrite: isPlanWriteToolName(tool, TOOL_PREFIX),
            isPlanTool: isPlankeeperTool(tool),
          },
        };
      }
      case 'agentStop':
        // A sub-agent's own stop: its subagentStop (which can refuse it) is the one answered.
        if (text(input.agentId)) return undefined;
        return {
          key,
          event: {
            kind: 'stop',
            stopHookActive: input.stop_hook_active === true || input.stopHookActive === true,
            // From the extension's view of the session when it has it, else the transcript.
            lastMessage: text(input[ANSWER_FIELD]) ?? lastAnswer(text(input.transcriptPath)),
          },
        };
      case 'subagentStart': {
        const agentId = text(input.agentId);
        return agentId ? { key, event: { kind: 'subagent-start', agentId } } : undefined;
      }
      case 'subagentStop':
        return {
          key,
          event: {
            kind: 'subagent-stop',
            stopHookActive: input.stop_hook_active === true || input.stopHookActive === true,
            lastMessage: text(input.response) ?? '',
          },
        };
      case 'preCompact':
        return { key, event: { kind: 'pre-compact' } };
      case 'preToolUse': {
        const tool = text(input.toolName) ?? '';
        return { key, event: { kind: 'tool-start', tool, isPlanTool: isPlankeeperTool(tool) } };
      }
      default:
        return undefined;
    }
  },

  async settle(eventName, input): Promise<void> {
    if (eventName === 'agentStop' && !text(input.agentId) && !text(input[ANSWER_FIELD])) {
      await turnEndWritten(text(input.transcriptPath));
    }
  },

  toolCall(eventName, input): ToolCall | undefined {
    if (eventName !== 'preToolUse') return undefined;
    const cwd = text(input.cwd);
    return {
      tool: text(input.toolName) ?? '',
      args: toolArgs(input.toolArgs),
      ...(cwd && { cwd }),
    };
  },

  direct(eventName, input): string | undefined {
    if (eventName === 'permissionRequest') {
      // Copilot asks for `plankeeper/todo_write`; any other tool is the person's to allow.
      const tool = text(input.toolName) ?? '';
      return isPlankeeperTool(tool) ? JSON.stringify({ behavior: 'allow' }) : '';
    }
    if (eventName === 'preMcpToolCall') {
      const meta = mcpCallMeta(input);
      return meta ? JSON.stringify(meta) : '';
    }
    return undefined;
  },

  format(eventName, answer: HostAnswer): string {
    // A call held for plan approval: the model reads the reason as the call's result.
    if (answer.kind === 'deny' && eventName === 'preToolUse') {
      return JSON.stringify({
        permissionDecision: 'deny',
        permissionDecisionReason: answer.reason,
      });
    }
    if (answer.kind === 'bounce' && STOP_EVENTS.has(eventName)) {
      return JSON.stringify({ decision: 'block', reason: answer.reason });
    }
    if (answer.kind === 'context' && CONTEXT_EVENTS.has(eventName)) {
      return JSON.stringify({ additionalContext: answer.text });
    }
    // A notice for the person: Copilot's hook output has no field it shows the person, so it
    // goes on the hook's stderr (hook/run-hook.ts), which Copilot logs.
    return '';
  },
};

/**
 * The session's plan, or a sub-agent's scope under it: a sub-agent's hooks carry its own id as
 * `agentId` (and as `sessionId`), its parent's as `parentAgentId`; the parent's sub-agent
 * events (`subagentStart`, `subagentStop`) carry the parent's `sessionId` and the `agentId`.
 * One level: a sub-agent's sub-agent is keyed under its parent sub-agent.
 */
function planKey(eventName: string, input: Record<string, unknown>): PlanKey {
  const agentId = text(input.agentId);
  const session = (agentId && text(input.parentAgentId)) || text(input.sessionId);
  if (!session) throw new Error(`${eventName}: the hook input has no sessionId`);
  return { agent: 'copilot', session, ...(agentId && agentId !== session && { scope: [agentId] }) };
}

/**
 * A call's arguments: an object, or its JSON text; a text that is no JSON is the tool's whole
 * input (a patch), read as `input`.
 */
function toolArgs(args: unknown): Record<string, unknown> {
  let value = args;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return { input: value };
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** `plankeeper-todo_write` in tool events, `plankeeper/todo_write` in a permission request. */
function isPlankeeperTool(tool: string): boolean {
  return /^plankeeper[/-]/.test(tool);
}
