/**
 * What setup tells the person, in English or Chinese: each file and what was added or
 * removed, what the agent still needs from them (trust; each agent's notes, in its
 * descriptor), and how to undo it.
 */
import { relative, sep } from 'node:path';
import { codingAgent } from '../registry.js';
import { shellQuote } from './commands.js';
import type { SetupOutcome } from './run-setup.js';
import type { SetupContext } from './types.js';

interface ReportText {
  header: (agent: string, dir: string, store: string) => string;
  removedHeader: (agent: string, dir: string) => string;
  nothing: (agent: string, dir: string) => string;
  created: string;
  updated: string;
  deleted: string;
  removedFrom: string;
  undo: (command: string) => string;
  redo: (command: string) => string;
}

const EN: ReportText = {
  header: (agent, dir, store) => `plankeeper setup ${agent} in ${dir} (store ${store}):`,
  removedHeader: (agent, dir) => `plankeeper setup ${agent} --remove in ${dir}:`,
  nothing: (agent, dir) => `plankeeper setup ${agent}: nothing to change in ${dir}.`,
  created: 'created',
  updated: 'updated',
  deleted: 'deleted (setup had created it)',
  removedFrom: 'removed from',
  undo: (command) => `To undo: ${command}`,
  redo: (command) => `To set it up again: ${command}`,
};

const ZH: ReportText = {
  header: (agent, dir, store) => `plankeeper setup ${agent}，目录 ${dir}（存储 ${store}）：`,
  removedHeader: (agent, dir) => `plankeeper setup ${agent} --remove，目录 ${dir}：`,
  nothing: (agent, dir) => `plankeeper setup ${agent}：${dir} 中没有需要更改的内容。`,
  created: '已创建',
  updated: '已更新',
  deleted: '已删除（由 setup 创建）',
  removedFrom: '已移除自',
  undo: (command) => `撤销：${command}`,
  redo: (command) => `重新设置：${command}`,
};

/** Paths inside the project relative to it, others as they are. */
function shown(ctx: SetupContext, path: string): string {
  const inside = relative(ctx.dir, path);
  return inside && !inside.startsWith('..') && !inside.startsWith(sep) ? inside : path;
}

export function setupReport(outcome: SetupOutcome): string {
  const { ctx, remove } = outcome;
  const text = ctx.lang === 'zh' ? ZH : EN;
  const command = `plankeeper setup ${ctx.agent} --dir ${shellQuote(ctx.dir)}`;
  if (outcome.applied.length === 0) return `${text.nothing(ctx.agent, ctx.dir)}\n`;
  const lines = [
    remove ? text.removedHeader(ctx.agent, ctx.dir) : text.header(ctx.agent, ctx.dir, ctx.store),
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
  if (remove) {
    lines.push(text.redo(command));
  } else {
    lines.push(...codingAgent(ctx.agent).notes[ctx.lang](ctx));
    lines.push(text.undo(`plankeeper setup ${ctx.agent} --remove --dir ${shellQuote(ctx.dir)}`));
  }
  return `${lines.join('\n')}\n`;
}
