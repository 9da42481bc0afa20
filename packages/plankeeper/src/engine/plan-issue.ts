/**
 * A reason an input was rejected, in data form. The tools turn issues into corrective
 * text in the model's language (see locale/); hosts and UIs can read the data.
 */
export type IssuePath = readonly (string | number)[];

export type PlanIssue =
  | { code: 'invalid_json'; path: IssuePath; position?: number }
  | { code: 'trailing_data'; path: IssuePath; position: number }
  | { code: 'not_object'; path: IssuePath; received: string }
  | { code: 'missing'; path: IssuePath; expected: string }
  | { code: 'null'; path: IssuePath; expected: string }
  | { code: 'wrong_type'; path: IssuePath; expected: string; received: string }
  | { code: 'unknown_field'; path: IssuePath; field: string; allowed: readonly string[] }
  | { code: 'bad_status'; path: IssuePath; received: string }
  | { code: 'bad_id'; path: IssuePath; received: string }
  | { code: 'blank'; path: IssuePath }
  /** U+0000 or a lone UTF-16 surrogate, which no plan may hold (see storable-text.ts). */
  | { code: 'bad_character'; path: IssuePath; character: 'nul' | 'lone_surrogate' }
  | { code: 'too_long'; path: IssuePath; maximum: number; length: number }
  | { code: 'too_many_items'; path: IssuePath; maximum: number; count: number }
  | { code: 'empty_list'; path: IssuePath }
  | { code: 'multiple_in_progress'; path: IssuePath; ids: readonly string[] }
  | { code: 'duplicate_id'; path: IssuePath; id: string }
  | { code: 'unknown_id'; path: IssuePath; id: string; known: readonly string[] }
  | { code: 'dropped_open'; path: IssuePath; ids: readonly string[] }
  | { code: 'alias_conflict'; path: IssuePath };

export type PlanIssueCode = PlanIssue['code'];

/** `todos[1].status` style location, for messages and logs. */
export function formatPath(path: IssuePath): string {
  let text = '';
  for (const part of path) {
    text += typeof part === 'number' ? `[${part}]` : text === '' ? part : `.${part}`;
  }
  return text === '' ? '(arguments)' : text;
}
