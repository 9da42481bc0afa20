import { quoteText } from '../engine/render.js';
import type { ItemEditInfo, PersonEditInfo } from '../engine/store/plan-store.js';
import type { PersonTexts } from './person-texts.js';

const ids = (list: readonly string[]) => list.map((id) => `#${id}`).join(', ');

const FIELDS = { content: 'text', reason: 'reason', note: 'note', name: 'name' } as const;

const STATUSES = {
  pending: 'pending',
  in_progress: 'in progress',
  completed: 'completed',
  cancelled: 'cancelled',
} as const;

const because = (info: ItemEditInfo) => (info.reason ? ` (${quoteText(info.reason)})` : '');

function edit(info: PersonEditInfo): string {
  switch (info.kind) {
    case 'add':
      return `added #${info.id}${info.anchor ? ` after #${info.anchor}` : ''}`;
    case 'cancel':
      return `cancelled #${info.id}${because(info)}`;
    case 'done':
      return `completed #${info.id}${because(info)}`;
    case 'edit':
      return `edited #${info.id}`;
    case 'move':
      return `moved #${info.id} before #${info.anchor}`;
    case 'note':
      return `noted #${info.id}`;
    case 'approve':
      return 'approved the plan';
  }
}

export const enPerson: PersonTexts = {
  changedBy: (name, edits) =>
    `Changed by a person${name ? ` (${name})` : ''}: ${edits.map(edit).join('; ')}`,
  problem: (problem) => {
    switch (problem.code) {
      case 'bad_id':
        return `"${problem.received}" is not an item id; ids are the numbers shown as #N.`;
      case 'unknown_id':
        return problem.known.length
          ? `There is no item #${problem.id}; the items are ${ids(problem.known)}.`
          : `There is no item #${problem.id}; the list is empty.`;
      case 'not_open':
        return `#${problem.id} is already ${STATUSES[problem.status]}; only pending or in-progress items can be cancelled or done.`;
      case 'same_item':
        return `#${problem.id} cannot be moved before itself.`;
      case 'blank':
        return `The ${FIELDS[problem.field]} is empty.`;
      case 'too_long':
        return `The ${FIELDS[problem.field]} has ${problem.length} characters; the limit is ${problem.maximum}.`;
      case 'bad_character':
        return `The ${FIELDS[problem.field]} holds a character a plan cannot keep (U+0000 or half a character).`;
      case 'too_many_items':
        return `The list already holds ${problem.maximum} items, the most allowed.`;
      case 'nothing_to_approve':
        return 'There is no plan to approve yet; the list has no open or done items.';
    }
  },
};
