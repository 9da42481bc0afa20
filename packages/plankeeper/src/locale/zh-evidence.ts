import { quoteText } from '../engine/render.js';
import type { EvidenceTexts } from './evidence-texts.js';

const names = (tools: readonly string[]) => tools.join('、');
const exitText = (exit: number | string) =>
  typeof exit === 'number' ? `退出码 ${exit}` : `被 ${exit} 终止`;

export const zhEvidence: EvidenceTexts = {
  issue(issue) {
    const item = `#${issue.id} ${quoteText(issue.content)}`;
    if (issue.code === 'completion_refused') return `${item} 暂不能标为完成：${issue.reason}`;
    switch (issue.window) {
      case 'started':
        return `${item} 不能标为完成：自它进入 in_progress 以来没有任何工具调用成功。请先用工具完成这项工作，再标为 completed。`;
      case 'none':
        return `${item} 从未处于 in_progress，没有任何工作可以算在它名下。请先把它设为 in_progress，用工具完成工作，再标为 completed。`;
      case 'last_update':
        return `${item} 不能标为完成：自你上次更新待办以来没有任何工具调用成功，而一段工作只能算作一项的依据。请先完成它的工作，再标为完成。`;
    }
  },
  unproven: (items) =>
    `${items.map((item) => `#${item.id} ${quoteText(item.content)}`).join('；')} 没有完成依据：在其工作期间没有任何工具调用成功。请先用工具完成工作，再把事项标为 completed。`,
  verifierFailed: (message) => `完成检查无法运行（${message}）。`,
  verifierTimedOut: (seconds) => `完成检查未能在 ${seconds} 秒内结束。`,
  toolMissing: (tools) =>
    `自它开始以来需要有一次成功的 ${tools.join(' 或 ')} 调用。请先运行，再标为完成。`,
  citeCall: (tools) =>
    tools.length === 0
      ? '完成理由必须指明证明它已完成的工具调用，而自它开始以来没有任何工具调用成功。'
      : `完成理由必须指明证明它已完成的工具调用（其一：${names(tools)}）。`,
  commandFailed: (command, exit, tail) =>
    `检查命令 \`${command}\` 失败（${exitText(exit)}）${tail ? `，最后几行输出：\n${tail}` : '。'}\n请修复问题后再标为完成。`,
  commandTimedOut: (command, seconds) => `检查命令 \`${command}\` 未能在 ${seconds} 秒内结束。`,
};
