/**
 * Text a plan cannot hold: U+0000 and lone UTF-16 surrogates (half of a character such
 * as an emoji, usually from text cut in the middle). Plankeeper refuses them rather than
 * store them, in every store alike: PostgreSQL's jsonb rejects both, and any reader that
 * takes the plan as UTF-8 (a terminal, the dashboard, a log) would see U+FFFD or cut
 * the text at the NUL. A plan step never needs either, so the model is told to remove
 * it; the engine checks its inputs (a PlanIssue), the stores every record written (a
 * ConfigurationError, for hosts that write records themselves).
 */
import { ConfigurationError } from './errors.js';
import { formatPath, type IssuePath } from './plan-issue.js';
import type { PlanRecord } from './todo-item.js';

export type UnstorableCharacter = 'nul' | 'lone_surrogate';

/** Without the `u` flag a regular expression sees UTF-16 code units, so halves are visible. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first character of `text` no plan may hold, with its index, or undefined. */
export function findUnstorable(
  text: string,
): { character: UnstorableCharacter; index: number } | undefined {
  const match = UNSTORABLE.exec(text);
  if (!match) return undefined;
  return { character: match[0] === '\u0000' ? 'nul' : 'lone_surrogate', index: match.index };
}

/**
 * Throws a ConfigurationError when a string of `record` (or of the write's change info)
 * holds a character no plan may hold; stores call it before they write anything.
 */
export function checkStorableRecord(record: PlanRecord, source?: object): void {
  record.items.forEach((item, index) => {
    for (const field of ['content', 'description', 'activeForm', 'note'] as const) {
      checkString(item[field], ['items', index, field]);
    }
  });
  checkString(record.turn, ['turn']);
  checkString(record.activeTurn, ['activeTurn']);
  for (const [field, value] of Object.entries(source ?? {})) {
    // One level down too: a person's change (`source.edit`) carries their reason.
    if (typeof value === 'object' && value !== null) {
      for (const [inner, text] of Object.entries(value))
        checkString(text, ['source', field, inner]);
    } else checkString(value, ['source', field]);
  }
}

function checkString(value: unknown, path: IssuePath): void {
  if (typeof value !== 'string') return;
  const found = findUnstorable(value);
  if (!found) return;
  const what = found.character === 'nul' ? 'U+0000' : 'a lone UTF-16 surrogate';
  throw new ConfigurationError(
    `A plan cannot hold ${what}; ${formatPath(path)} has one at index ${found.index}. Remove it, or replace it with the whole character.`,
  );
}
