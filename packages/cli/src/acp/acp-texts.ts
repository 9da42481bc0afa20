/**
 * What `plankeeper acp` says, in each language: the prefix that marks a cancelled item where
 * the editor's plan has no `cancelled` status, and the one-line messages on stderr (the
 * editor shows them in its agent log) and in the JSON-RPC error its `initialize` gets.
 */
import type { LocaleId } from 'plankeeper';

export interface AcpTexts {
  /** Put before a cancelled item's text where it is shown as completed (ACP v1). */
  cancelledPrefix: string;
  /** `--` with no agent command after it, or no `--` at all. */
  missingCommand: string;
  /** The agent command could not be started. */
  agentNotStarted: (command: string, reason: string) => string;
  /** plankeeper broke (store, watcher); the session goes on without the plan panel. */
  planOff: (reason: string) => string;
  /** `--store memory` lives inside the MCP server; the proxy could never see it. */
  memoryStore: string;
}

export const ACP_TEXTS: Record<LocaleId, AcpTexts> = {
  en: {
    cancelledPrefix: '(cancelled) ',
    missingCommand:
      'acp: name the agent command after --, e.g. plankeeper acp -- gemini --experimental-acp',
    agentNotStarted: (command, reason) =>
      `plankeeper acp: cannot start the agent "${command}" (${reason}); check the command after --.`,
    planOff: (reason) =>
      `plankeeper acp: plan panel off (${reason}); the agent's session goes on without it.`,
    memoryStore:
      'acp: --store memory lives inside the MCP server, so the editor would never see the plan; use sqlite:PATH, redis://... or postgres://...',
  },
  zh: {
    cancelledPrefix: '（已取消）',
    missingCommand: 'acp：请在 -- 之后写代理命令，例如 plankeeper acp -- gemini --experimental-acp',
    agentNotStarted: (command, reason) =>
      `plankeeper acp：无法启动代理“${command}”（${reason}）；请检查 -- 之后的命令。`,
    planOff: (reason) => `plankeeper acp：计划面板已关闭（${reason}）；代理会话照常继续。`,
    memoryStore:
      'acp：--store memory 只存在于 MCP 服务器进程内，编辑器看不到计划；请用 sqlite:PATH、redis://... 或 postgres://...',
  },
};
