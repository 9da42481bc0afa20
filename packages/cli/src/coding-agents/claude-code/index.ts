/**
 * Claude Code: hooks in `.claude/settings.json` (claude-code-adapter.ts), the MCP server in
 * `.mcp.json` (setup-edits.ts), and per call the plan key its PreToolUse hook recorded for the
 * call's `_meta["claudecode/toolUseId"]` (a sub-agent's scope, the session after /clear; see
 * tool-use-keys.ts). A call naming a tool use nobody recorded is refused, never given another
 * plan; one naming none gets the `CLAUDE_CODE_SESSION_ID` the server was started with, shared
 * by sub-agents and stale after /clear. Its hooks, but SessionStart, are calls to that same
 * server (mcp-tool-hooks.ts), not a process each.
 */
import type { CodingAgentDescriptor } from '../coding-agent.js';
import { claudeCodeAdapter } from './claude-code-adapter.js';
import { hookInputFromMcp } from './mcp-tool-hooks.js';
import { CLAUDE_CODE_EVENTS, claudeCodeEdits } from './setup-edits.js';
import { recordedPlanKey } from './tool-use-keys.js';

export const claudeCode: CodingAgentDescriptor<'claude-code'> = {
  name: 'claude-code',
  title: 'Claude Code',
  events: CLAUDE_CODE_EVENTS,
  projectDirEnv: 'CLAUDE_PROJECT_DIR',
  keepsPrivateStore: true,
  readsMcpJson: true,
  startedBy: (env) => Boolean(env.CLAUDE_CODE_SESSION_ID?.trim()),
  planToolName: 'mcp__plankeeper__todo_write',
  hook: claudeCodeAdapter,
  mcpKeying(env, engine) {
    const session = env.CLAUDE_CODE_SESSION_ID?.trim();
    return {
      agent: 'claude-code',
      ...(session && { session }),
      keyForCall: ({ meta, name }) => recordedPlanKey(engine, meta, name),
    };
  },
  setup: claudeCodeEdits,
  mcpHookInput: hookInputFromMcp,
  notes: {
    en: (ctx) => [
      `Claude Code honours the project's permission rule and server approval only in a trusted workspace: start \`claude\` in ${ctx.dir} once and accept the trust dialog (setup does not edit ~/.claude.json).`,
    ],
    zh: (ctx) => [
      `Claude Code 只在受信任的工作区中采用项目的权限规则和服务器批准：在 ${ctx.dir} 中启动一次 \`claude\` 并接受信任对话框（setup 不会修改 ~/.claude.json）。`,
    ],
  },
};
