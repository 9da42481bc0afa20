/**
 * What setup tells the person, in English or Chinese: each file and what was added or
 * removed, what the agent still needs from them (trust), and how to undo it.
 */
import { relative, sep } from 'node:path';
import { shellQuote } from './commands.js';
import type { SetupOutcome } from './run-setup.js';
import type { SetupAgent, SetupContext } from './types.js';

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
  notes: Record<SetupAgent, (ctx: SetupContext) => string[]>;
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
  notes: {
    'claude-code': (ctx) => [
      `Claude Code honours the project's permission rule and server approval only in a trusted workspace: start \`claude\` in ${ctx.dir} once and accept the trust dialog (setup does not edit ~/.claude.json).`,
    ],
    codex: (ctx) => [
      `Codex reads these from ${ctx.codexHome} (CODEX_HOME), so they apply in every project and all use this store.`,
      'Its hooks are recorded as trusted in config.toml; if Codex still lists them as untrusted under /hooks (a newer Codex may hash them differently), trust them there.',
    ],
    gemini: (ctx) => [
      `Gemini CLI loads project settings only in a trusted folder: trust ${ctx.dir} when it asks, or add "${ctx.dir}": "TRUST_FOLDER" to ~/.gemini/trustedFolders.json.`,
    ],
    opencode: () => [
      "The plugin runs `plankeeper hook opencode` on prompts, tool results (failed ones too), final answers and compactions inside OpenCode; it puts plankeeper's answers before the model, and a refused final answer becomes a user message that keeps the turn going.",
    ],
  },
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
  notes: {
    'claude-code': (ctx) => [
      `Claude Code 只在受信任的工作区中采用项目的权限规则和服务器批准：在 ${ctx.dir} 中启动一次 \`claude\` 并接受信任对话框（setup 不会修改 ~/.claude.json）。`,
    ],
    codex: (ctx) => [
      `Codex 从 ${ctx.codexHome}（CODEX_HOME）读取这些配置，因此它们对所有项目生效，并且都使用此存储。`,
      '它的钩子已在 config.toml 中记为受信任；如果 Codex 的 /hooks 仍把它们列为不受信任（新版 Codex 的哈希算法可能不同），请在那里信任它们。',
    ],
    gemini: (ctx) => [
      `Gemini CLI 只在受信任的文件夹中加载项目设置：在询问时信任 ${ctx.dir}，或在 ~/.gemini/trustedFolders.json 中加入 "${ctx.dir}": "TRUST_FOLDER"。`,
    ],
    opencode: () => [
      '插件在 OpenCode 内部对提示、工具结果（包括失败的调用）、最终回答和压缩运行 `plankeeper hook opencode`；它把 plankeeper 的回答交给模型，被拒绝的最终回答会变成一条用户消息，让这一轮继续。',
    ],
  },
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
    lines.push(...text.notes[ctx.agent](ctx));
    lines.push(text.undo(`plankeeper setup ${ctx.agent} --remove --dir ${shellQuote(ctx.dir)}`));
  }
  return `${lines.join('\n')}\n`;
}
