/** One line of the timeline: a sign and the words for what a revision changed. */
import type { ItemChange } from '../../api-types.js';

export function describeChange(change: ItemChange): [sign: string, text: string] {
  const ref = 'id' in change && change.id ? `#${change.id} ` : '';
  switch (change.kind) {
    case 'added':
      return [
        '+',
        ref + change.content + (change.status === 'pending' ? '' : ` (${change.status})`),
      ];
    case 'started':
      return ['▶', `started ${ref}${change.activeForm || change.content}`];
    case 'completed':
      return ['✓', `completed ${ref}${change.content}${change.note ? ` — ${change.note}` : ''}`];
    case 'cancelled':
      return ['✗', `cancelled ${ref}${change.content}${change.note ? ` — ${change.note}` : ''}`];
    case 'status':
      return ['↺', `${ref}${change.from} → ${change.to}: ${change.content}`];
    case 'edited':
      return [
        '✎',
        `edited ${change.fields.join(', ')} of ${ref}${change.content}` +
          (change.fields.includes('content') ? ` (was: ${change.previous})` : ''),
      ];
    case 'removed':
      return ['−', `removed ${ref}${change.content}`];
    case 'dropped':
      return ['!', `dropped ${ref}${change.content} while ${change.status.replace('_', ' ')}`];
    case 'moved':
      return [
        '↕',
        `moved ${ref}${change.content}${change.before ? ` before #${change.before}` : ' to the end'}`,
      ];
    case 'cleared':
      return ['∅', `plan cleared (${change.count} items)`];
    default:
      // A kind from a newer server: shown raw rather than dropped.
      return ['?', JSON.stringify(change)];
  }
}
