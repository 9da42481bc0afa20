/**
 * What `plankeeper acp` says, in each language: the prefix that marks a cancelled item where
 * the editor's plan has no `cancelled` status, and the one-line messages on stderr (the
 * editor shows them in its agent log) and in the JSON-RPC error its `initialize` gets, and
 * the approval question the editor shows the person (`--approval`, where it elicits forms).
 */
import type { LocaleId } from 'plankeeper';

export interface AcpTexts {
  /** Put before a cancelled item's text where it is shown as completed (ACP v1). */
  cancelledPrefix: string;
  /** `--` with no agent command after it, or no `--` at all. */
  missingCommand: string;
  /** A word before `--` that is none of the proxy's options. */
  notAnOption: (word: string) => string;
  /** The agent command could not be started. */
  agentNotStarted: (command: string, reason: string) => string;
  /** plankeeper broke (store, watcher); the session goes on without the plan panel. */
  planOff: (reason: string) => string;
  /** `--store memory` lives inside the MCP server; the proxy could never see it. */
  memoryStore: string;
  /** The elicitation's message: the plan's steps, one a line, and what each answer does. */
  approvalQuestion: (steps: readonly string[]) => string;
  /** The form's one field: who approves (optional, kept with the approval). */
  approverName: string;
  /** The person approved the plan in the editor. */
  approved: (name: string | undefined) => string;
  /** The person declined or closed the question: the plan still waits. */
  notApproved: string;
  /** The plan changed while the question was open: the new plan is asked about instead. */
  changedWhileAsked: string;
  /** Asking or recording failed; the person can still approve elsewhere. */
  approvalFailed: (reason: string) => string;
}

export const ACP_TEXTS: Record<LocaleId, AcpTexts> = {
  en: {
    cancelledPrefix: '(cancelled) ',
    missingCommand:
      'acp: name the agent command after --, e.g. plankeeper acp -- gemini --experimental-acp',
    notAnOption: (word) =>
      `acp: "${word}" is not an option of plankeeper acp (see plankeeper acp --help); the agent command goes after --.`,
    agentNotStarted: (command, reason) =>
      `plankeeper acp: cannot start the agent "${command}" (${reason}); check the command after --.`,
    planOff: (reason) =>
      `plankeeper acp: plan panel off (${reason}); the agent's session goes on without it.`,
    memoryStore:
      'acp: --store memory lives inside the MCP server, so the editor would never see the plan; use sqlite:PATH, redis://... or postgres://...',
    approvalQuestion: (steps) =>
      `Approve this plan? The agent's other tools wait until a person approves it.\n\n${numbered(steps)}\n\nAccept to approve; decline to leave it waiting.`,
    approverName: 'Your name (optional, kept with the approval)',
    approved: (name) =>
      `plankeeper acp: plan approved in the editor${name ? ` by ${name}` : ''}; the agent's tools run.`,
    notApproved:
      'plankeeper acp: plan not approved; it waits. Approve it later with plankeeper todos --approve or the dashboard.',
    changedWhileAsked:
      'plankeeper acp: the plan changed while you were asked; nothing approved, asking about the new plan.',
    approvalFailed: (reason) =>
      `plankeeper acp: cannot ask for approval in the editor (${reason}); approve with plankeeper todos --approve or the dashboard.`,
  },
  zh: {
    cancelledPrefix: '（已取消）',
    missingCommand: 'acp：请在 -- 之后写代理命令，例如 plankeeper acp -- gemini --experimental-acp',
    notAnOption: (word) =>
      `acp：“${word}”不是 plankeeper acp 的选项（见 plankeeper acp --help）；代理命令写在 -- 之后。`,
    agentNotStarted: (command, reason) =>
      `plankeeper acp：无法启动代理“${command}”（${reason}）；请检查 -- 之后的命令。`,
    planOff: (reason) => `plankeeper acp：计划面板已关闭（${reason}）；代理会话照常继续。`,
    memoryStore:
      'acp：--store memory 只存在于 MCP 服务器进程内，编辑器看不到计划；请用 sqlite:PATH、redis://... 或 postgres://...',
    approvalQuestion: (steps) =>
      `批准这个计划吗？在有人批准之前，代理的其他工具都会等待。\n\n${numbered(steps)}\n\n接受即批准；拒绝则计划继续等待。`,
    approverName: '你的名字（可选，随批准一起记录）',
    approved: (name) =>
      `plankeeper acp：计划已在编辑器中批准${name ? `（批准人：${name}）` : ''}；代理的工具照常运行。`,
    notApproved:
      'plankeeper acp：计划未获批准，继续等待。之后可用 plankeeper todos --approve 或仪表盘批准。',
    changedWhileAsked: 'plankeeper acp：询问期间计划已改变；未批准任何内容，改为询问新计划。',
    approvalFailed: (reason) =>
      `plankeeper acp：无法在编辑器中请求批准（${reason}）；请用 plankeeper todos --approve 或仪表盘批准。`,
  },
};

/** Steps as `1. text`, one a line. */
function numbered(steps: readonly string[]): string {
  return steps.map((step, index) => `${index + 1}. ${step}`).join('\n');
}
