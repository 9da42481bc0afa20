/**
 * What `eval --agent` tells the person, in each language: why a run is an error (shown in the
 * results, never scored) and why the executor cannot start. One line each, saying what to do.
 */
import type { LocaleId } from 'plankeeper';

export interface AgentTexts {
  notStarted(command: string, problem: string): string;
  stopped: string;
  timedOut(command: string, seconds: number): string;
  unreachable(origin: string, code: string): string;
  httpStatus(status: number): string;
  noModelAnswer(command: string, exit: number | null, lastLine: string): string;
  unknownArm(arm: string, arms: readonly string[]): string;
  checksNeedCheck: string;
  setupFailed(agent: string, problem: string): string;
  notOnPath(agent: string, command: string, install: string): string;
  notExecutable(agent: string, path: string, command: string, install: string): string;
  noKey(agent: string, variables: readonly string[]): string;
  unknownAgent(agent: string, agents: readonly string[]): string;
}

const tail = (line: string) => (line === '' ? '' : `: ${line}`);

export const AGENT_TEXTS: Record<LocaleId, AgentTexts> = {
  en: {
    notStarted: (command, problem) => `${command} did not start: ${problem}`,
    stopped: 'stopped before it finished',
    timedOut: (command, seconds) => `${command} did not finish within ${seconds} s`,
    unreachable: (origin, code) => `cannot reach ${origin} (${code})`,
    httpStatus: (status) => `the endpoint answered HTTP ${status}`,
    noModelAnswer: (command, exit, line) =>
      `${command} exited ${exit} without a model answer${tail(line)}`,
    unknownArm: (arm, arms) => `unknown arm ${JSON.stringify(arm)}; use one of ${arms.join(', ')}`,
    checksNeedCheck: "the checks arm needs the task's check",
    setupFailed: (agent, problem) => `plankeeper setup ${agent} failed: ${problem}`,
    notOnPath: (agent, command, install) =>
      `eval --agent ${agent}: ${command} is not on PATH; install it (${install}) and run again.`,
    notExecutable: (agent, path, command, install) =>
      `eval --agent ${agent}: ${path} is not an executable file; give the path of ${command}, or install it: ${install}.`,
    noKey: (agent, variables) =>
      `eval --agent ${agent}: no API key; pass --api-key KEY or set ${variables.join(' or ')}.`,
    unknownAgent: (agent, agents) =>
      `--agent ${agent}: not a coding agent. Use one of: ${agents.join(', ')}.`,
  },
  zh: {
    notStarted: (command, problem) => `${command} 未能启动：${problem}`,
    stopped: '运行未完成即被停止',
    timedOut: (command, seconds) => `${command} 未在 ${seconds} 秒内结束`,
    unreachable: (origin, code) => `无法连接 ${origin}（${code}）`,
    httpStatus: (status) => `接口返回 HTTP ${status}`,
    noModelAnswer: (command, exit, line) =>
      `${command} 以退出码 ${exit} 结束，未得到任何模型回答${line === '' ? '' : `：${line}`}`,
    unknownArm: (arm, arms) => `未知的对照组 ${JSON.stringify(arm)}；可选：${arms.join('、')}`,
    checksNeedCheck: 'checks 组需要任务的检查命令',
    setupFailed: (agent, problem) => `plankeeper setup ${agent} 失败：${problem}`,
    notOnPath: (agent, command, install) =>
      `eval --agent ${agent}：PATH 中没有 ${command}；请先安装（${install}）再运行。`,
    notExecutable: (agent, path, command, install) =>
      `eval --agent ${agent}：${path} 不是可执行文件；请给出 ${command} 的路径，或安装它：${install}。`,
    noKey: (agent, variables) =>
      `eval --agent ${agent}：没有 API 密钥；请用 --api-key KEY 传入，或设置 ${variables.join(' 或 ')}。`,
    unknownAgent: (agent, agents) =>
      `--agent ${agent}：不是可用的编码智能体。可选：${agents.join('、')}。`,
  },
};
