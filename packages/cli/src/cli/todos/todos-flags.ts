/** `plankeeper todos` flags as commander hands them over. */
import type { EditFlags } from '../commands/todos-edit.js';

export interface TodosFlags extends EditFlags {
  store?: string;
  list?: string;
  planFile?: string;
  maxItems?: string;
  release?: string;
  json?: boolean;
  delete?: boolean;
  watch?: boolean;
  lang: string;
  history: string;
}

/** The flags that only complete a change, and the change each belongs to. */
export const CHANGE_PARTS = [
  ['content', '--edit ID'],
  ['after', '--add TEXT'],
  ['reason', '--done ID or --cancel ID'],
  ['before', '--move ID'],
] as const;
