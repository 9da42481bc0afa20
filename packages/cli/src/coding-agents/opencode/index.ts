/**
 * OpenCode: the MCP server in `opencode.json` and a plugin that asks one `plankeeper hook
 * opencode --serve` process about its events (opencode-adapter.ts, setup-edits.ts,
 * plugin-source.ts). OpenCode gives its MCP servers no
 * session id: the plugin writes the key into each plan tool call's arguments
 * (session-arguments.ts), which are dropped before the tool sees them; a call without them
 * gets the connection's own plan.
 */
import type { CodingAgentDescriptor } from '../coding-agent.js';
import { opencodeAdapter } from './opencode-adapter.js';
import { OPENCODE_EVENTS } from './plugin-source.js';
import { opencodeCallKey, SCOPE_ARGUMENT, SESSION_ARGUMENT } from './session-arguments.js';
import { opencodeEdits } from './setup-edits.js';

export const opencode: CodingAgentDescriptor<'opencode'> = {
  name: 'opencode',
  title: 'OpenCode',
  // tool.execute.before only with --approval.
  events: [...OPENCODE_EVENTS, 'tool.execute.before'],
  planToolName: 'plankeeper_todo_write',
  hook: opencodeAdapter,
  mcpKeying: () => ({
    agent: 'opencode',
    ignoredArguments: [SESSION_ARGUMENT, SCOPE_ARGUMENT],
    keyForCall: ({ arguments: args }) => opencodeCallKey(args),
  }),
  setup: opencodeEdits,
  notes: {
    en: () => [
      "Inside OpenCode, the plugin hands prompts, tool results (failed ones too), final answers and compactions to one `plankeeper hook opencode --serve` process it keeps running; it puts plankeeper's answers before the model, and a refused final answer becomes a user message that keeps the turn going.",
    ],
    zh: () => [
      '在 OpenCode 内部，插件把提示、工具结果（包括失败的调用）、最终回答和压缩交给它常驻的一个 `plankeeper hook opencode --serve` 进程；它把 plankeeper 的回答交给模型，被拒绝的最终回答会变成一条用户消息，让这一轮继续。',
    ],
  },
};
