/**
 * GitHub Copilot CLI: hooks in `.github/hooks/plankeeper.json` (copilot-adapter.ts) and the MCP
 * server in `.github/mcp.json`, or in `.mcp.json` where the project has one, shared with Claude
 * Code (setup-edits.ts). Copilot gives its MCP servers the session id in
 * `COPILOT_AGENT_SESSION_ID`, so a server it started keys every call by it, whichever agent's
 * setup wrote the entry; a sub-agent's calls carry its id in `_meta`, which plankeeper's
 * preMcpToolCall hook adds.
 */
import type { CodingAgentDescriptor } from '../coding-agent.js';
import { copilotAdapter, SUB_AGENT_META } from './copilot-adapter.js';
import { COPILOT_EVENTS, copilotEdits } from './setup-edits.js';

export const copilot: CodingAgentDescriptor<'copilot'> = {
  name: 'copilot',
  title: 'GitHub Copilot CLI',
  // preToolUse only with --approval.
  events: [...COPILOT_EVENTS, 'preToolUse'],
  readsMcpJson: true,
  startedBy: (env) => Boolean(env.COPILOT_AGENT_SESSION_ID?.trim()),
  planToolName: 'plankeeper-todo_write',
  hook: copilotAdapter,
  mcpKeying(env) {
    const session = env.COPILOT_AGENT_SESSION_ID?.trim();
    return {
      agent: 'copilot',
      ...(session && { session }),
      // A sub-agent's call: its id, which the preMcpToolCall hook put in `_meta`.
      keyForCall: ({ meta }) => {
        const scope = meta?.[SUB_AGENT_META];
        return session && typeof scope === 'string' && scope !== ''
          ? { agent: 'copilot', session, scope: [scope] }
          : undefined;
      },
    };
  },
  setup: copilotEdits,
  notes: {
    en: (ctx) => [
      `Copilot CLI loads a project's hooks and MCP servers only in a trusted folder: trust ${ctx.dir} when it asks (or start it with --trust-folder).`,
    ],
    zh: (ctx) => [
      `Copilot CLI 只在受信任的文件夹中加载项目的钩子和 MCP 服务器：在询问时信任 ${ctx.dir}（或用 --trust-folder 启动）。`,
    ],
  },
};
