import { quoteText } from '../engine/render.js';
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
      return `添加了 #${info.id}${info.anchor ? `（在 #${info.anchor} 之后）` : ''}`;
    case 'cancel':
      return `取消了 #${info.id}${because(info)}`;
    case 'done':
      return `完成了 #${info.id}${because(info)}`;
    case 'edit':
      return `改写了 #${info.id}`;
    case 'move':
      return `把 #${info.id} 移到了 #${info.anchor} 之前`;
    case 'note':
      return `给 #${info.id} 加了备注`;
    case 'approve':
      return '批准了计划';
  }
}

export const zhPerson: PersonTexts = {
  changedBy: (name, edits) =>
    `由人员${name ? `（${name}）` : ''}修改：${edits.map(edit).join('；')}`,
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
