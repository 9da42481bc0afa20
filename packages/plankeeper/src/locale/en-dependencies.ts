/** What the model reads about item dependencies, in English (see dependency-texts.ts). */
import type { DependencyEntry } from '../engine/plan-issue.js';
import { quoteText } from '../engine/render.js';
import type { DependencyTexts } from './dependency-texts.js';

/** The text in quotes, escaped where it would hide or break the line. */
const quoted = (text: string) => {
  const safe = quoteText(text);
  return safe === text ? `"${text}"` : safe;
};

const ids = (list: readonly string[]) => list.map((id) => `#${id}`).join(', ');

/** An existing item by its id; a new entry, which has none yet, by its place and content. */
export function entryLabel(entry: DependencyEntry): string {
  return entry.id !== undefined
    ? `#${entry.id}`
    : `todos[${entry.index}] ${quoteText(entry.content)}`;
}

export const enDependencies: DependencyTexts = {
  writeField:
    'Items this one waits for: ids of existing items, or the exact content of another entry in this list.',
  addField:
    'Items this one waits for: ids of existing items, or the exact content of another entry in this call.',
  outOfOrder: (items) =>
    `Out of order: ${items.map((item) => `#${item.id} is ${item.status} while ${ids(item.open)}, which it waits for, ${item.open.length === 1 ? 'is' : 'are'} still open`).join('; ')}.`,
  detached: (list) =>
    list.map((entry) => `#${entry.id} is no longer a blocker of ${ids(entry.from)}.`).join(' '),
  unblocked: (list) => `Now unblocked: ${ids(list)}.`,
  issue(issue, where) {
    switch (issue.code) {
      case 'unknown_blocker': {
        const known = issue.known.length ? ` (${ids(issue.known)})` : '';
        return /^\d+$/.test(issue.received)
          ? `${where}: there is no item #${issue.received} in the list${known}. For an entry that has no id yet, write its exact content instead.`
          : `${where}: no other entry has the content ${quoted(issue.received)}. Copy the content of the entry it waits for exactly${issue.known.length ? `, or write an existing id${known}` : ''}.`;
      }
      case 'ambiguous_blocker':
        return `${where}: more than one entry has the content ${quoted(issue.received)}. Give those entries different contents, or write an id.`;
      case 'dependency_cycle':
        return `${where}: these items wait for each other in a circle: ${issue.cycle.map(entryLabel).join(' → ')}. Remove one of these blockers.`;
      case 'blocked': {
        const open = issue.open.map(entryLabel).join(', ');
        return `${entryLabel(issue.entry)} cannot be ${issue.status} yet: it waits for ${open}, still open. Complete or cancel ${issue.open.length === 1 ? 'it' : 'them'} first.`;
      }
    }
  },
};
