/** One line of the timeline: a sign and the words for what a revision changed. */
import type { ItemChange } from '../../api-types.js';
import { texts } from './texts.js';

const SIGNS: Record<string, string> = {
  added: '+',
  started: '▶',
  completed: '✓',
  cancelled: '✗',
  status: '↺',
  edited: '✎',
  removed: '−',
  dropped: '!',
  moved: '↕',
  cleared: '∅',
};

export function describeChange(change: ItemChange): [sign: string, text: string] {
  const ref = 'id' in change && change.id ? `#${change.id} ` : '';
  // A kind from a newer server: shown raw rather than dropped (the texts do that too).
  return [SIGNS[change.kind] ?? '?', texts.change(change, ref)];
}
