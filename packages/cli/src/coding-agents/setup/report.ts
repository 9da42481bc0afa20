/**
 * What setup tells the person, in English or Chinese: each file and what was added or
 * removed, what the agent still needs from them (trust; each agent's notes, in its
 * descriptor), and how to undo it.
 */
import { relative, sep } from 'node:path';
import type { CodingAgentDescriptor } from '../coding-agent.js';
import { DEFAULT_CHECK_REFUSALS, DEFAULT_CHECK_TIMEOUT_SEC } from './check-values.js';
import { shellCommand, shellQuote } from './commands.js';
import type { SetupOutcome } from './run-setup.js';
import type { SetupContext, SharedServerFlags } from './types.js';

interface ReportText {
  header: (agent: string, dir: string, store: string) => string;
  removedHeader: (agent: string, dir: string) => string;
  nothing: (agent: string, dir: string) => string;
  created: string;
  updated: string;
  deleted: string;
  removedFrom: string;
  kept: (path: string, reason: { edited: true } | { setting: string }) => string;
  /** The `.mcp.json` server shared with another agent has other flags than this agent's hooks. */
  sharedFlags: (path: string, agent: string, reason: SharedServerFlags) => string;
  /** Entries setup writes, left in one file because no record says setup added them. */
  unrecorded: (path: string, entries: string[]) => string;
  undo: (command: string) => string;
  redo: (command: string) => string;
  /** A store URL with a password, which the project's files do not carry. */
  privateStore: (agent: string, shown: string) => string;
  /** The project's files start plankeeper by this machine's paths. */
  machinePaths: string;
  /** The checks set: what runs before the agent may answer, and its limits. */
  checksOn: (commands: readonly string[], seconds: number, refusals: number) => string;
  /** `--verify auto` found nothing to run. */
  checksNone: string;
  /** No `--verify` given, but the project has checks: the flags that would turn them on. */
  checksSuggested: (flags: string) => string;
}

const EN: ReportText = {
  header: (agent, dir, store) => `plankeeper setup ${agent} in ${dir} (store ${store}):`,
  removedHeader: (agent, dir) => `plankeeper setup ${agent} --remove in ${dir}:`,
  nothing: (agent, dir) => `plankeeper setup ${agent}: nothing to change in ${dir}.`,
  created: 'created',
  updated: 'updated',
  deleted: 'deleted (setup had created it)',
  removedFrom: 'removed from',
  kept: (path, reason) =>
    'edited' in reason
      ? `  left as you have it: ${path} (you changed it since setup wrote it)`
      : `  left as you have it: ${reason.setting} in ${path} (your own setting)`,
  sharedFlags: (path, agent, { sharedWith, flags }) =>
    `  ${path}: ${agent}'s tools use the server shared with ${sharedWith}, whose ${flags.join(', ')} differ from ${agent}'s hooks; set up both agents with the same flags.`,
  unrecorded: (path, entries) =>
    `  left in ${path}: ${entries.join(', ')} (no record says setup added ${entries.length > 1 ? 'them' : 'it'}; delete what is not yours)`,
  undo: (command) => `To undo: ${command}`,
  redo: (command) => `To set it up again: ${command}`,
  privateStore: (agent, shown) =>
    `The project's files name no store with a password: set PLANKEEPER_STORE=${shown} where you start ${agent}.`,
  machinePaths:
    'plankeeper is not installed here (globally or as a devDependency): the files start it by this machine’s paths. Install it and run setup again before you commit them.',
  checksOn: (commands, seconds, refusals) =>
    `Checks before done: ${commands.join(', ')}, run when the agent would answer after files changed (each up to ${seconds} s; after ${refusals} refusals in one turn the answer goes through and you are told).`,
  checksNone:
    '--verify auto found no checks here (package.json test, typecheck or lint script; Makefile test target; pytest; go.mod; Cargo.toml): none set.',
  checksSuggested: (flags) =>
    `This project has checks; to run them before the agent may answer done, add ${flags} (or --verify auto).`,
};

const ZH: ReportText = {
  header: (agent, dir, store) => `plankeeper setup ${agent}，目录 ${dir}（存储 ${store}）：`,
  removedHeader: (agent, dir) => `plankeeper setup ${agent} --remove，目录 ${dir}：`,
  nothing: (agent, dir) => `plankeeper setup ${agent}：${dir} 中没有需要更改的内容。`,
  created: '已创建',
  updated: '已更新',
  deleted: '已删除（由 setup 创建）',
  removedFrom: '已移除自',
  kept: (path, reason) =>
    'edited' in reason
      ? `  保留你的版本：${path}（setup 写入后你修改过它）`
      : `  保留你的设置：${path} 中的 ${reason.setting}`,
  sharedFlags: (path, agent, { sharedWith, flags }) =>
    `  ${path}：${agent} 的工具使用与 ${sharedWith} 共用的服务器，其 ${flags.join('、')} 与 ${agent} 的钩子不同；请用相同的参数设置这两个代理。`,
  unrecorded: (path, entries) =>
    `  未移除 ${path} 中的 ${entries.join('、')}（没有记录表明是 setup 添加的；不是你的请自行删除）`,
  undo: (command) => `撤销：${command}`,
  redo: (command) => `重新设置：${command}`,
  privateStore: (agent, shown) =>
    `项目文件不含带密码的存储地址：请在启动 ${agent} 的环境中设置 PLANKEEPER_STORE=${shown}。`,
  machinePaths:
    '此处未安装 plankeeper（全局或 devDependency）：文件用本机路径启动它。请先安装并重新运行 setup，再提交这些文件。',
  checksOn: (commands, seconds, refusals) =>
    `完成前检查：${commands.join('、')}，在文件改动后代理要作答时运行（每条最长 ${seconds} 秒；一轮中拒绝 ${refusals} 次后放行答复并告知你）。`,
  checksNone:
    '--verify auto 在此未找到检查（package.json 的 test、typecheck 或 lint 脚本；Makefile 的 test 目标；pytest；go.mod；Cargo.toml）：未设置。',
  checksSuggested: (flags) =>
    `此项目有检查；要在代理答复完成前运行它们，请加上 ${flags}（或 --verify auto）。`,
};

/** Paths inside the project relative to it, others as they are. */
function shown(ctx: SetupContext, path: string): string {
  const inside = relative(ctx.dir, path);
  return inside && !inside.startsWith('..') && !inside.startsWith(sep) ? inside : path;
}

/** What the report reads of the agent's descriptor. */
export type ReportedAgent = Pick<
  CodingAgentDescriptor,
  'keepsPrivateStore' | 'configInHome' | 'notes'
>;

export function setupReport(outcome: SetupOutcome, agent: ReportedAgent): string {
  const { ctx, remove } = outcome;
  const text = ctx.locale === 'zh' ? ZH : EN;
  const command = `${personLaunch(ctx)} setup ${ctx.agent} --dir ${shellQuote(ctx.dir)}`;
  const kept = keptLines(outcome, text);
  if (outcome.applied.length === 0) {
    return `${[text.nothing(ctx.agent, ctx.dir), ...kept, ...checkLines(ctx, text)].join('\n')}\n`;
  }
  const lines = [
    remove
      ? text.removedHeader(ctx.agent, ctx.dir)
      : text.header(ctx.agent, ctx.dir, ctx.storeShown),
  ];
  for (const edit of outcome.applied) {
    const path = shown(ctx, edit.path);
    if (edit.action === 'deleted') {
      lines.push(`  ${text.deleted}: ${path}`);
      continue;
    }
    const verb = remove
      ? text.removedFrom
      : edit.action === 'created'
        ? text.created
        : text.updated;
    lines.push(`  ${verb} ${path}: ${edit.changes.join(', ')}`);
  }
  lines.push(...kept);
  if (remove) {
    lines.push(text.redo(command));
  } else {
    if (ctx.privateStore && !agent.keepsPrivateStore) {
      lines.push(text.privateStore(ctx.agent, ctx.storeShown));
    }
    if (ctx.installed === 'node' && !agent.configInHome) lines.push(text.machinePaths);
    lines.push(...checkLines(ctx, text));
    lines.push(...agent.notes[ctx.locale](ctx));
    lines.push(
      text.undo(`${personLaunch(ctx)} setup ${ctx.agent} --remove --dir ${shellQuote(ctx.dir)}`),
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * How the person starts this plankeeper, for the commands the report prints: as the files do
 * (launch-command.ts), but `npx plankeeper` for the project's devDependency (no `plankeeper` on
 * PATH there) and this machine's node and bin when it is installed neither way.
 */
function personLaunch(ctx: SetupContext): string {
  if (ctx.installed === 'dev-dependency') return 'npx plankeeper';
  return shellCommand(ctx.launch);
}

/** The checks set, or what detection found: taken, none, or suggested. */
function checkLines(ctx: SetupContext, text: ReportText): string[] {
  const quoted = (commands: readonly string[]) => commands.map((each) => JSON.stringify(each));
  if (ctx.checks) {
    const { commands, timeoutSec, refusals } = ctx.checks;
    return [
      text.checksOn(
        quoted(commands),
        timeoutSec ?? DEFAULT_CHECK_TIMEOUT_SEC,
        refusals ?? DEFAULT_CHECK_REFUSALS,
      ),
    ];
  }
  const found = ctx.foundChecks;
  if (found?.auto) return [text.checksNone];
  if (found && found.commands.length > 0) {
    return [
      text.checksSuggested(
        quoted(found.commands)
          .map((each) => `--verify ${each}`)
          .join(' '),
      ),
    ];
  }
  return [];
}

/** One line per thing left as the person has it; a file's unrecorded entries share one. */
function keptLines(outcome: SetupOutcome, text: ReportText): string[] {
  const unrecorded = new Map<string, string[]>();
  const lines: string[] = [];
  for (const { path, reason } of outcome.kept) {
    if ('sharedWith' in reason) {
      lines.push(text.sharedFlags(shown(outcome.ctx, path), outcome.ctx.agent, reason));
      continue;
    }
    if (!('unrecorded' in reason)) {
      lines.push(text.kept(shown(outcome.ctx, path), reason));
      continue;
    }
    const entries = unrecorded.get(path) ?? [];
    if (entries.length === 0) unrecorded.set(path, entries);
    entries.push(reason.unrecorded);
  }
  for (const [path, entries] of unrecorded) {
    lines.push(text.unrecorded(shown(outcome.ctx, path), entries));
  }
  return lines;
}
