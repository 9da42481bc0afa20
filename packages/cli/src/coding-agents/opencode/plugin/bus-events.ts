/**
 * The plugin's `event` hook, OpenCode's bus: a sub-agent's session being created (its parent is
 * remembered, and plankeeper told), and a tool call failing. `tool.execute.after` never runs
 * for a failed call: its tool part turning "error" does; what plankeeper answers waits for the
 * next tool result or prompt of that session. OpenCode does not await this hook.
 */
import type { BusEvent, PluginHooks } from './opencode-types.js';
import type { PluginSessions } from './plugin-sessions.js';

interface ToolPart {
  type?: string;
  tool?: string;
  callID?: string;
  sessionID?: string;
  state?: { status?: string };
}

export function busEventHook(sessions: PluginSessions): PluginHooks['event'] {
  const failedCalls = new Set<string | undefined>();
  return async (input) => {
    try {
      const event = input?.event;
      if (!event) return;
      const properties = event.properties || {};
      const info = properties.info as { id?: string; parentID?: unknown } | undefined;
      if (event.type === 'session.created' && info?.id) {
        await sessionCreated(sessions, event, info.id, info.parentID);
        return;
      }
      const part = properties.part as ToolPart | undefined;
      if (event.type !== 'message.part.updated' || !part || part.type !== 'tool') return;
      if (part.state?.status !== 'error' || failedCalls.has(part.callID)) return;
      failedCalls.add(part.callID);
      await toolFailed(sessions, event, part, part.sessionID || (properties.sessionID as string));
    } catch {}
  };
}

async function sessionCreated(
  sessions: PluginSessions,
  event: BusEvent,
  id: string,
  parentID: unknown,
): Promise<void> {
  sessions.parents.set(id, typeof parentID === 'string' ? parentID : null);
  if (typeof parentID !== 'string') return;
  await sessions.forward('session.created', id, {
    event: { type: event.type, properties: { info: { id, parentID } } },
  });
}

async function toolFailed(
  sessions: PluginSessions,
  event: BusEvent,
  part: ToolPart,
  session: string,
): Promise<void> {
  await sessions.forward(
    'message.part.updated',
    session,
    {
      event: {
        type: event.type,
        properties: {
          sessionID: session,
          part: { type: 'tool', tool: part.tool, callID: part.callID, state: { status: 'error' } },
        },
      },
    },
    (answer) => {
      if (answer && 'context' in answer && answer.context) {
        sessions.pending.set(session, [...(sessions.pending.get(session) ?? []), answer.context]);
      }
    },
  );
}
