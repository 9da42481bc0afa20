/**
 * A reason an input was rejected, in data form. The tools turn issues into corrective
 * text in the model's language (see locale/); hosts and UIs can read the data.
 */
import type { ItemEditInfo } from './store/plan-store.js';

export type IssuePath = readonly (string | number)[];

export type PlanIssue =
  | { code: 'invalid_json'; path: IssuePath; position?: number }
  | { code: 'trailing_data'; path: IssuePath; position: number }
  | { code: 'not_object'; path: IssuePath; received: string }
  | { code: 'missing'; path: IssuePath; expected: string }
  | { code: 'null'; path: IssuePath; expected: string }
  | {
      code: 'wrong_type';
      path: IssuePath;
      /** zod's type name ("array", "string", "int") or the allowed values. */
      expected: string;
      received: string;
      /** The value is a string holding JSON of the expected type: the model encoded it twice. */
      encoded?: true;
    }
  | { code: 'unknown_field'; path: IssuePath; field: string; allowed: readonly string[] }
  | { code: 'bad_status'; path: IssuePath; received: string }
  | { code: 'bad_id'; path: IssuePath; received: string }
  | { code: 'blank'; path: IssuePath }
  /** U+0000 or a lone UTF-16 surrogate, which no plan may hold (see storable-text.ts). */
  | { code: 'bad_character'; path: IssuePath; character: 'nul' | 'lone_surrogate' }
  | { code: 'too_long'; path: IssuePath; maximum: number; length: number }
  | { code: 'too_many_items'; path: IssuePath; maximum: number; count: number }
  | { code: 'empty_list'; path: IssuePath }
  | {
      code: 'multiple_in_progress';
      path: IssuePath;
      /**
       * The entries set to in_progress, by position in the sent list: new entries have no
       * id yet (a rejected write creates none), so they are named by index and content.
       */
      entries: readonly InProgressEntry[];
    }
  | { code: 'duplicate_id'; path: IssuePath; id: string }
  | {
      code: 'unknown_id';
      path: IssuePath;
      id: string;
      known: readonly string[];
      /** Leaving the id out would add the entry as a new item (todo_write only). */
      omitToAdd?: true;
    }
  | { code: 'dropped_open'; path: IssuePath; ids: readonly string[] }
  | {
      /** In a shared list: the item belongs to another session (see operations/ownership.ts). */
      code: 'owned_by_other';
      path: IssuePath;
      id: string;
      content: string;
      owner: string;
      /** `in_progress`: the owner is working on it; `completed`: the owner finished it. */
      status: 'in_progress' | 'completed';
    }
  | {
      /**
       * A person changed the item after the plan the writer last saw, and the call would
       * undo that (see operations/person-kept.ts). `content` is the item as they left it.
       */
      code: 'changed_by_person';
      path: IssuePath;
      id: string;
      content: string;
      /** The item's note as they left it. */
      note?: string;
      /** The person's changes to the item, oldest first. */
      edits: readonly ItemEditInfo[];
      /** The person's name, when one person made them all and gave it. */
      name?: string;
    }
  | { code: 'alias_conflict'; path: IssuePath }
  | { code: 'out_of_range'; path: IssuePath; maximum: number; received: string }
  | { code: 'too_many_entries'; path: IssuePath; maximum: number; count: number }
  | { code: 'too_deep'; path: IssuePath; maximum: number }
  | { code: 'request_too_large'; path: IssuePath; maximum: number }
  /** A blocker that is neither an id in the plan nor the content of another entry of the call. */
  | { code: 'unknown_blocker'; path: IssuePath; received: string; known: readonly string[] }
  /** A blocker given as content that more than one other entry has. */
  | { code: 'ambiguous_blocker'; path: IssuePath; received: string; known: readonly string[] }
  /** Items that wait for each other; the first is repeated at the end. */
  | { code: 'dependency_cycle'; path: IssuePath; cycle: readonly DependencyEntry[] }
  /** An item made in_progress or completed while blockers are open (`enforce` mode). */
  | {
      code: 'blocked';
      path: IssuePath;
      entry: DependencyEntry;
      status: 'in_progress' | 'completed';
      open: readonly DependencyEntry[];
    }

  /**
   * The evidence rule (see evidence.ts): no successful tool call counts for completing the
   * item. `window` says where calls would have counted: since it `started` (in_progress),
   * since the `last_update` of the plan (granular family), or `none` (it was never started).
   */
  | {
      code: 'no_evidence';
      path: IssuePath;
      id: string;
      content: string;
      window: 'started' | 'none' | 'last_update';
    }
  /** A host's verifier refused the completion; `reason` is its text for the model. */
  | { code: 'completion_refused'; path: IssuePath; id: string; content: string; reason: string };

/** An item named in a dependency issue: by id when it exists, else by place in the sent list. */
export interface DependencyEntry {
  /** Set when the item exists already. */
  id?: string;
  /** Index in the sent list, for an entry that has no id yet. */
  index?: number;
  content: string;
}
export interface InProgressEntry {
  /** Index in the sent list. */
  index: number;
  /** Set when the entry is an existing item. */
  id?: string;
  content: string;
}

export type PlanIssueCode = PlanIssue['code'];

/** `todos[1].status` style location, for messages and logs. */
export function formatPath(path: IssuePath): string {
  let text = '';
  for (const part of path) {
    text += typeof part === 'number' ? `[${part}]` : text === '' ? part : `.${part}`;
  }
  return text === '' ? '(arguments)' : text;
}
