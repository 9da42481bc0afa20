import type { KeptChange } from '../engine/operations/kept-change.js';
import { quotedText, quoteText } from '../engine/render.js';
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
      return `added #${info.id}${info.anchor ? ` after #${info.anchor}` : ''}${renumbered(info)}`;
    case 'cancel':
      return `cancelled #${info.id}${because(info)}`;
    case 'done':
      return `completed #${info.id}${because(info)}`;
    case 'edit':
      return `edited #${info.id}`;
    case 'move':
      return `moved #${info.id} ${info.anchor ? `before #${info.anchor}` : 'to the end'}`;
    case 'note':
      return `noted #${info.id}`;
    case 'remove':
      return `removed #${info.id}`;
    case 'start':
      return `started #${info.id}`;
    case 'reopen':
      return `reopened #${info.id}`;
    case 'approve':
      return 'approved the plan';
  }
}

function itemChange(info: ItemEditInfo, item: { content: string; note?: string }): string {
  switch (info.kind) {
    case 'add':
      return `added: ${quoteText(item.content)}`;
    case 'cancel':
      return `cancelled${because(info)}`;
    case 'done':
      return `completed${because(info)}`;
    case 'edit':
      return `reworded: ${quoteText(item.content)}`;
    case 'note':
      return `noted: ${quoteText(item.note ?? '')}`;
    case 'move':
      return info.anchor ? `moved before #${info.anchor}` : 'moved to the end';
    case 'remove':
      return 'removed';
    case 'start':
      return 'started';
    case 'reopen':
      return 'reopened';
  }
}

/** What a person did to one item, as it now stands: "#2 cancelled (Legal says no)". */
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
  // A step reworded twice is said once, as it reads now.
  return `#${id} ${[...new Set(words)].join(', ')}`;
}

/** A line whose id another item had (a merge of two branches) got the next id. */
const renumbered = (info: ItemEditInfo) =>
  info.renumberedFrom ? ` (a second #${info.renumberedFrom}, renumbered)` : '';

const byPerson = (name: string | undefined) => `a person${name ? ` (${name})` : ''}`;

/** The one name when every change was signed by it. */
function soleName(changes: readonly KeptChange[]): string | undefined {
  const names = new Set(changes.map((change) => change.name));
  const [name] = names;
  return names.size === 1 ? name : undefined;
}

export const enPerson: PersonTexts = {
  kept: (changes) =>
    `Kept changes by ${byPerson(soleName(changes))} that you had not seen: ${changes
      .map((change) => itemChanges(change.item.id, change.edits, change.item))
      .join('; ')}`,
  changedSinceRead: (issue) =>
    `Changed by ${byPerson(issue.name)} after your last read: ${itemChanges(issue.id, issue.edits, issue)}. It stays as they left it; read the list, then decide again.`,
  changedBy: (name, edits) =>
    `Changed by a person${name ? ` (${name})` : ''}: ${edits.map(edit).join('; ')}`,
  unreadLines: (lines) =>
    `Lines in the plan file that are not items, kept as they are: ${lines
      .map((line) => `line ${line.line}: ${quotedText(line.text)}`)
      .join('; ')}`,
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
