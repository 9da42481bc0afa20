/**
 * OpenCode's hooks (1.18.33; see test/coding-agents/opencode/README.md). OpenCode has no
 * command hooks: plankeeper's plugin (plugin/plankeeper-plugin.ts) runs inside OpenCode and asks
 * `plankeeper hook opencode` about the OpenCode hook or bus event of that name (one `--serve`
 * process for all of them, or `plankeeper hook opencode <name>` for one).
 *
 * Input, one JSON object (on stdin, or a `--serve` request's `input`): a hook's own arguments
 * `{input, output}` (trimmed to what is read here), or a bus event `{event: {type,
 * properties}}`; plus `parentID`, the main session's id, when the session is a sub-agent's
 * (OpenCode's payloads do not say; the plugin knows it from `session.created`). A sub-agent's
 * plan is the scope [its own session id].
 *
 * Answer (on stdout, or a `--serve` answer's `stdout`): `{"context": text}` (the plugin adds
 * it to what the model reads next), `{"block": reason}` (the plugin adds it as a user message,
 * so the loop goes on),
 * `{"deny": reason}` (the plugin throws it from `tool.execute.before`, so the tool does not
 * run and the model reads the reason as its error), `{"notice": text}` (for the person: a
 * toast and a log line), or nothing.
 */
import type { PlanKey } from 'plankeeper';
import { toolDoneEvent, toolStartEvent } from 'plankeeper/hooks';
import type { HookAdapter, HostAnswer, KeyedEvent, ToolCall } from '../hook-adapter.js';
import { text } from '../hook-adapter.js';

const TOOL_PREFIX = 'plankeeper_';

/** Names whose context the plugin can put before the model. */
const CONTEXT_EVENTS = new Set([
  'chat.message',
  'tool.execute.after',
  'message.part.updated',
  'experimental.compaction.autocontinue',
]);
/** The final text of an assistant message without tool calls: the end of a turn. */
const STOP_EVENT = 'experimental.text.complete';

export const opencodeAdapter: HookAdapter = {
  agent: 'opencode',

  parse(eventName, payload): KeyedEvent | undefined {
    const input = record(payload.input);
    const output = record(payload.output);
    const event = record(payload.event);
    const properties = record(event.properties);
    const parentID = text(payload.parentID);
    switch (eventName) {
      case 'session.created': {
        const info = record(properties.info);
        const id = text(info.id);
        if (!id) throw new Error('session.created: no info.id');
        const parent = text(info.parentID);
        if (parent) {
          return { key: keyOf(id, parent), event: { kind: 'subagent-start', agentId: id } };
        }
        return { key: keyOf(id), event: { kind: 'session-start', source: 'startup' } };
      }
      case 'chat.message': {
        const message = record(output.message);
        const turn = text(message.id);
        return {
          key: keyOf(sessionOf(eventName, input), parentID),
          event: { kind: 'prompt', text: promptText(output.parts), ...(turn && { turn }) },
        };
      }
      case 'tool.execute.before': {
        const tool = text(input.tool) ?? '';
        return {
          key: keyOf(sessionOf(eventName, input), parentID),
          event: toolStartEvent(tool, TOOL_PREFIX),
        };
      }
      case 'tool.execute.after': {
        const tool = text(input.tool) ?? '';
        return {
          key: keyOf(sessionOf(eventName, input), parentID),
          event: toolDoneEvent(tool, output.isError !== true, TOOL_PREFIX),
        };
      }
      case 'message.part.updated': {
        // tool.execute.after never runs for a failed call (an MCP isError result, a rejected
        // permission, a tool that threw): its tool part turning `error` is the only sign.
        const part = record(properties.part);
        if (part.type !== 'tool' || record(part.state).status !== 'error') return undefined;
        const tool = text(part.tool) ?? '';
        return {
          key: keyOf(sessionOf(eventName, properties), parentID),
          event: toolDoneEvent(tool, false, TOOL_PREFIX),
        };
      }
      case STOP_EVENT:
        return {
          key: keyOf(sessionOf(eventName, input), parentID),
          event: {
            kind: parentID ? 'subagent-stop' : 'stop',
            stopHookActive: false,
            lastMessage: text(output.text) ?? '',
          },
        };
      case 'experimental.session.compacting':
        return {
          key: keyOf(sessionOf(eventName, input), parentID),
          event: { kind: 'pre-compact' },
        };
      case 'experimental.compaction.autocontinue':
        // The summary is written and the loop goes on: the model has lost the list.
        return {
          key: keyOf(sessionOf(eventName, input), parentID),
          event: { kind: 'session-start', source: 'compact' },
        };
      default:
        return undefined;
    }
  },

  toolCall(eventName, payload): ToolCall | undefined {
    if (eventName !== 'tool.execute.before') return undefined;
    const cwd = text(payload.cwd);
    return {
      tool: text(record(payload.input).tool) ?? '',
      args: record(record(payload.output).args),
      ...(cwd && { cwd }),
    };
  },

  format(eventName, answer: HostAnswer): string {
    // A call held for plan approval: the plugin throws it, and OpenCode reports the error.
    if (answer.kind === 'deny' && eventName === 'tool.execute.before') {
      return JSON.stringify({ deny: answer.reason });
    }
    if (answer.kind === 'bounce' && eventName === STOP_EVENT) {
      return JSON.stringify({ block: answer.reason });
    }
    if (answer.kind === 'context' && CONTEXT_EVENTS.has(eventName)) {
      return JSON.stringify({ context: answer.text });
    }
    // For the person: the plugin shows it as a toast and logs it, the model never reads it.
    if (answer.kind === 'notice') return JSON.stringify({ notice: answer.text });
    return '';
  },
};

function keyOf(session: string, parentID?: string): PlanKey {
  return parentID && parentID !== session
    ? { agent: 'opencode', session: parentID, scope: [session] }
    : { agent: 'opencode', session };
}

function sessionOf(eventName: string, where: Record<string, unknown>): string {
  const session = text(where.sessionID);
  if (!session) throw new Error(`${eventName}: the hook input has no sessionID`);
  return session;
}

/** The person's words: the message's text parts, without ones a plugin added (synthetic). */
function promptText(parts: unknown): string {
  if (!Array.isArray(parts)) return '';
  return parts
    .map(record)
    .filter((part) => part.type === 'text' && part.synthetic !== true)
    .map((part) => text(part.text) ?? '')
    .filter((each) => each !== '')
    .join('\n');
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
