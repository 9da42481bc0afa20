import type { KeptChange } from '../engine/operations/kept-change.js';
import { quotedText, quoteText } from '../engine/render.js';
import type { ItemEditInfo, PersonEditInfo } from '../engine/store/plan-store.js';
import type { PersonTexts } from './person-texts.js';

const ids = (list: readonly string[]) => list.map((id) => `#${id}`).join('、');

const FIELDS = { content: '内容', reason: '原因', note: '备注', name: '名字' } as const;

const STATUSES = {
  pending: '待办',
  in_progress: '进行中',
  completed: '已完成',
  cancelled: '已取消',
} as const;

const because = (info: ItemEditInfo) => (info.reason ? `（${quoteText(info.reason)}）` : '');

function edit(info: PersonEditInfo): string {
  switch (info.kind) {
    case 'add':
      return `添加了 #${info.id}${info.anchor ? `（在 #${info.anchor} 之后）` : ''}${renumbered(info)}`;
    case 'cancel':
      return `取消了 #${info.id}${because(info)}`;
    case 'done':
      return `完成了 #${info.id}${because(info)}`;
    case 'edit':
      return `改写了 #${info.id}`;
    case 'move':
      return info.anchor
        ? `把 #${info.id} 移到了 #${info.anchor} 之前`
        : `把 #${info.id} 移到了末尾`;
    case 'note':
      return `给 #${info.id} 加了备注`;
    case 'remove':
      return `删除了 #${info.id}`;
    case 'start':
      return `开始了 #${info.id}`;
    case 'reopen':
      return `重新打开了 #${info.id}`;
    case 'approve':
      return '批准了计划';
  }
}

function itemChange(info: ItemEditInfo, item: { content: string; note?: string }): string {
  switch (info.kind) {
    case 'add':
      return `已添加：${quoteText(item.content)}`;
    case 'cancel':
      return `已取消${because(info)}`;
    case 'done':
      return `已完成${because(info)}`;
    case 'edit':
      return `改写为：${quoteText(item.content)}`;
    case 'note':
      return `备注：${quoteText(item.note ?? '')}`;
    case 'move':
      return info.anchor ? `移到 #${info.anchor} 之前` : '移到末尾';
    case 'remove':
      return '已删除';
    case 'start':
      return '已开始';
    case 'reopen':
      return '已重新打开';
  }
}

/** 人员对一项所做的修改，按它现在的样子："#2 已取消（……）"。 */
function itemChanges(
  id: string,
  edits: readonly ItemEditInfo[],
  item: { content: string; note?: string },
): string {
  // An item the person added shows its text already; a later rewording adds nothing.
  const added = edits.some((info) => info.kind === 'add');
  const words = edits
    .filter((info) => !(added && info.kind === 'edit'))
    .map((info) => itemChange(info, item));
  // 同一项改写了两次，只按现在的内容说一次。
  return `#${id} ${[...new Set(words)].join('，')}`;
}

/** 编号与另一项重复（两个分支合并）的行，改用了下一个编号。 */
const renumbered = (info: ItemEditInfo) =>
  info.renumberedFrom ? `（原为第二个 #${info.renumberedFrom}，已重新编号）` : '';

const byPerson = (name: string | undefined) => `人员${name ? `（${name}）` : ''}`;

/** 所有修改都署了同一个名字时，返回这个名字。 */
function soleName(changes: readonly KeptChange[]): string | undefined {
  const names = new Set(changes.map((change) => change.name));
  const [name] = names;
  return names.size === 1 ? name : undefined;
}

export const zhPerson: PersonTexts = {
  kept: (changes) =>
    `已保留你尚未看到的${byPerson(soleName(changes))}修改：${changes
      .map((change) => itemChanges(change.item.id, change.edits, change.item))
      .join('；')}`,
  changedSinceRead: (issue) =>
    `在你上次读取之后由${byPerson(issue.name)}修改：${itemChanges(issue.id, issue.edits, issue)}。以其修改为准；请先读取清单，再做决定。`,
  changedBy: (name, edits) =>
    `由人员${name ? `（${name}）` : ''}修改：${edits.map(edit).join('；')}`,
  unreadLines: (lines) =>
    `计划文件中不是事项的行，已原样保留：${lines
      .map((line) => `第 ${line.line} 行：${quotedText(line.text)}`)
      .join('；')}`,
  problem: (problem) => {
    switch (problem.code) {
      case 'bad_id':
        return `"${problem.received}" 不是事项编号；编号即清单中的 #N。`;
      case 'unknown_id':
        return problem.known.length
          ? `没有 #${problem.id} 这一项；现有 ${ids(problem.known)}。`
          : `没有 #${problem.id} 这一项；清单为空。`;
      case 'not_open':
        return `#${problem.id} 已是${STATUSES[problem.status]}状态；只有待办或进行中的事项可以取消或标为完成。`;
      case 'same_item':
        return `#${problem.id} 不能移到它自己之前。`;
      case 'blank':
        return `${FIELDS[problem.field]}为空。`;
      case 'too_long':
        return `${FIELDS[problem.field]}有 ${problem.length} 个字符，上限是 ${problem.maximum}。`;
      case 'bad_character':
        return `${FIELDS[problem.field]}含有清单无法保存的字符（U+0000 或半个字符）。`;
      case 'too_many_items':
        return `清单已有 ${problem.maximum} 项，达到上限。`;
      case 'nothing_to_approve':
        return '还没有可批准的计划；清单中没有待办或已完成的事项。';
    }
  },
};
