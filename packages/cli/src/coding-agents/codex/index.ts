/**
 * Codex: hooks and the MCP server in `$CODEX_HOME` (codex-adapter.ts, setup-edits.ts). Codex
 * names the session on every `tools/call` (`_meta.sessionId`; `threadId` differs in a
 * sub-agent, whose hooks carry it as `agent_id`), so the MCP server keys each call by it.
 */
import type { PlanKey } from 'plankeeper';
import type { CodingAgentDescriptor } from '../coding-agent.js';
import { codexAdapter } from './codex-adapter.js';
import { codexHome } from './codex-home.js';
import { CODEX_EVENTS, codexEdits } from './setup-edits.js';

export const codex: CodingAgentDescriptor<'codex'> = {
  name: 'codex',
  title: 'Codex',
  // PreToolUse only with --approval or --plan-file (codexEvents).
  events: [...CODEX_EVENTS, 'PreToolUse'],
  keepsPrivateStore: true,
  configInHome: true,
  planToolName: 'mcp__plankeeper__todo_write',
  hook: codexAdapter,
  mcpKeying: () => ({ agent: 'codex', keyForCall: ({ meta }) => codexKey(meta) }),
  setup: codexEdits,
  notes: {
    en: (ctx) => [
      `Codex reads these from ${codexHome(ctx)} (CODEX_HOME): every project set up shares them, and each keeps its plans in the store of the folder Codex runs in; --remove here leaves them to the others.`,
      'Its hooks are recorded as trusted in config.toml; if Codex still lists them as untrusted under /hooks (a newer Codex may hash them differently), trust them there.',
    ],
    zh: (ctx) => [
      `Codex 从 ${codexHome(ctx)}（CODEX_HOME）读取这些配置：所有已设置的项目共用它们，各自的计划存放在 Codex 运行所在文件夹的存储中；在此 --remove 会把它们留给其他项目。`,
      '它的钩子已在 config.toml 中记为受信任；如果 Codex 的 /hooks 仍把它们列为不受信任（新版 Codex 的哈希算法可能不同），请在那里信任它们。',
    ],
  },
};

function codexKey(meta: Record<string, unknown> | undefined): PlanKey | undefined {
  const session = typeof meta?.sessionId === 'string' ? meta.sessionId : undefined;
  if (!session) return undefined;
  const thread = typeof meta?.threadId === 'string' ? meta.threadId : session;
  return { agent: 'codex', session, ...(thread !== session && { scope: [thread] }) };
}
