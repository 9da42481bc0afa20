/** What the model reads about item dependencies, in Chinese (see dependency-texts.ts). */
import { quoteText } from '../engine/render.js';
import type { DependencyTexts } from './dependency-texts.js';
import { entryLabel } from './en-dependencies.js';

/** The text in quotes, escaped where it would hide or break the line. */
const quoted = (text: string) => {
  const safe = quoteText(text);
  return safe === text ? `"${text}"` : safe;
};

const ids = (list: readonly string[]) => list.map((id) => `#${id}`).join('、');

const STATUSES = { in_progress: 'in_progress', completed: 'completed' } as const;

export const zhDependencies: DependencyTexts = {
  writeField: '本项要等待的事项：现有事项的编号，或本清单中另一条目的完整 content。',
  addField: '本项要等待的事项：现有事项的编号，或本次调用中另一条目的完整 content。',
  outOfOrder: (items) =>
    `顺序提醒：${items.map((item) => `#${item.id} 已是 ${STATUSES[item.status]}，但它等待的 ${ids(item.open)} 尚未完成`).join('；')}。`,
  detached: (list) =>
    list.map((entry) => `#${entry.id} 已不再是 ${ids(entry.from)} 的前置项。`).join(''),
  unblocked: (list) => `已解除阻塞：${ids(list)}。`,
  issue(issue, where) {
    switch (issue.code) {
      case 'unknown_blocker': {
        const known = issue.known.length ? `（现有编号：${ids(issue.known)}）` : '';
        return /^\d+$/.test(issue.received)
          ? `${where}：清单中没有 #${issue.received}${known}。尚无编号的条目，请改写它的完整 content。`
          : `${where}：没有其他条目的 content 是 ${quoted(issue.received)}。请照抄所等待条目的 content${issue.known.length ? `，或写现有编号（${ids(issue.known)}）` : ''}。`;
      }
      case 'ambiguous_blocker':
        return `${where}：有多个条目的 content 都是 ${quoted(issue.received)}。请让这些条目的 content 互不相同，或改写编号。`;
      case 'dependency_cycle':
        return `${where}：这些事项互相等待，形成循环：${issue.cycle.map(entryLabel).join(' → ')}。请去掉其中一个前置项。`;
      case 'blocked':
        return `${entryLabel(issue.entry)} 还不能设为 ${STATUSES[issue.status]}：它等待的 ${issue.open.map(entryLabel).join('、')} 尚未完成。请先完成或取消${issue.open.length === 1 ? '它' : '它们'}。`;
    }
  },
};
