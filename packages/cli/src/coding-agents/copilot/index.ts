/**
 * GitHub Copilot CLI: hooks in `.github/hooks/plankeeper.json` (copilot-adapter.ts) and the MCP
 * server in `.github/mcp.json`, or in `.mcp.json` where the project has one, shared with Claude
 * Code (setup-edits.ts). Copilot gives its MCP servers the session id in
 * `COPILOT_AGENT_SESSION_ID`, so a server it started keys every call by it, whichever agent's
 * setup wrote the entry; a sub-agent's calls carry its id in `_meta`, which plankeeper's
 * preMcpToolCall hook adds.
 */
import type { CodingAgentDescriptor } from '../coding-agent.js';
import { copilotAdapter } from './copilot-adapter.js';
import { copilotRoute } from './copilot-route.js';
import { SUB_AGENT_META } from './mcp-call-meta.js';
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
      copilotRoute(ctx.env) === 'extension'
        ? 'Route: an extension answers the hook events in one process (Copilot’s EXTENSIONS feature, on in COPILOT_CLI_ENABLED_FEATURE_FLAGS: keep it set). Copilot asks once to let plankeeper register hooks: allow it. copilot -p loads it only with GITHUB_COPILOT_PROMPT_MODE_EXTENSIONS=true and --allow-all-tools.'
        : 'Route: a plankeeper process per hook event (set COPILOT_CLI_ENABLED_FEATURE_FLAGS=EXTENSIONS and run setup again for the faster extension).',
    ],
    zh: (ctx) => [
      `Copilot CLI 只在受信任的文件夹中加载项目的钩子和 MCP 服务器：在询问时信任 ${ctx.dir}（或用 --trust-folder 启动）。`,
      copilotRoute(ctx.env) === 'extension'
        ? '方式：一个扩展在同一进程中响应钩子事件（Copilot 的 EXTENSIONS 功能，由 COPILOT_CLI_ENABLED_FEATURE_FLAGS 开启：请保持设置）。Copilot 会询问一次是否允许 plankeeper 注册钩子：请允许。copilot -p 仅在设置 GITHUB_COPILOT_PROMPT_MODE_EXTENSIONS=true 并使用 --allow-all-tools 时加载它。'
        : '方式：每个钩子事件启动一个 plankeeper 进程（设置 COPILOT_CLI_ENABLED_FEATURE_FLAGS=EXTENSIONS 后重新运行 setup，可改用更快的扩展）。',
    ],
  },
};
