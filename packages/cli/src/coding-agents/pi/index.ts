/**
 * Pi (`@mariozechner/pi-coding-agent`): an extension in the project, `.pi/extensions/
 * plankeeper.ts`, that Pi loads into its own process (setup-edits.ts, extension-source.ts).
 * The discipline runs there (extension/): no hook process and no MCP server, so a tool call
 * costs no process. Plans are keyed by Pi's session; a `pi` that Pi starts keeps its plan one
 * scope below it (extension/parent-session.ts).
 */
import type { CodingAgentDescriptor } from '../coding-agent.js';
import { PI_EVENTS, PI_SESSION_ENV, piAdapter } from './pi-adapter.js';
import { piEdits } from './setup-edits.js';

export const pi: CodingAgentDescriptor<'pi'> = {
  name: 'pi',
  title: 'Pi',
  // tool_call only with --approval or --plan-file.
  events: [...PI_EVENTS, 'tool_call'],
  planToolName: 'todo_write',
  hook: piAdapter,
  mcpKeying: (env) => ({
    agent: 'pi',
    ...(env[PI_SESSION_ENV] && { session: env[PI_SESSION_ENV] }),
  }),
  setup: piEdits,
  notes: {
    en: () => [
      "Pi loads the extension from .pi/extensions/ when it starts in this project (/reload picks it up in a running Pi). It runs in Pi's process: the plan tools, the plan before each model call, and at the end of a run the checks before an answer, which send the model back when they refuse it (in Pi's interactive and RPC modes; print mode ends first).",
    ],
    zh: () => [
      'Pi 在此项目中启动时从 .pi/extensions/ 加载扩展（正在运行的 Pi 用 /reload 加载）。它在 Pi 的进程中运行：计划工具、每次模型调用前的计划，以及运行结束时回答前的检查，检查拒绝时让模型继续（在 Pi 的交互模式和 RPC 模式中；打印模式会先结束）。',
    ],
  },
};
