/**
 * The link from a parent plan's item to the sub-agent working on it. A host delegates
 * item #2 to a sub-agent in a child scope (`subAgentKey(parent, scope)`); the link lives on
 * the parent's item, so every store keeps it and every process that reads the plan (the
 * dashboard, `plankeeper todos`, another hook process) sees it. Only hosts set it: the
 * plan tools' input schemas have no such field, and a whole-list write keeps it on the
 * items whose ids it keeps.
 */
import type { SubAgentEnding, SubAgentLink } from './sub-agent-link-field.js';
import { isOpen, type PlanProgress, type TodoItem } from './todo-item.js';

export {
  type SubAgentEnding,
  type SubAgentLink,
  sameSubAgentLink,
} from './sub-agent-link-field.js';

/**
 * What a sub-agent's end is recorded as, in the parent plan's revision source, so the
 * parent's next plan section can tell the model, and a viewer can show when it happened.
 */
export interface SubAgentEndInfo {
  /** The parent's item. */
  item: string;
  scope: string;
  ended: SubAgentEnding;
  /** The child plan's counts when it ended. */
  progress: PlanProgress;
  /** Ids (in the child plan) of the items it left open. */
  open: string[];
  /** One line of the error, when it failed. */
  error?: string;
}

/** Why a host's link or end notice was refused; nothing was changed. */
export type SubAgentLinkProblem =
  | { code: 'unknown_id'; id: string; known: string[] }
  | { code: 'not_open'; id: string; status: 'completed' | 'cancelled' }
  | { code: 'bad_scope'; scope: string };

/** Longest child scope segment a link may name. */
const MAX_SCOPE = 200;

/**
 * The items with item `id`'s link set to `link`, or the problem. A new delegation needs
 * an open item; an end notice may land on an item closed meanwhile (a person finished it).
 */
export function linkSubAgent(
  items: readonly TodoItem[],
  id: string,
  link: SubAgentLink,
): { ok: true; items: TodoItem[] } | { ok: false; problem: SubAgentLinkProblem } {
  if (link.scope.trim() === '' || link.scope.length > MAX_SCOPE || /[\r\n]/.test(link.scope)) {
    return { ok: false, problem: { code: 'bad_scope', scope: link.scope } };
  }
  const index = items.findIndex((item) => item.id === id);
  const item = items[index];
  if (!item) {
    return { ok: false, problem: { code: 'unknown_id', id, known: items.map((each) => each.id) } };
  }
  if (link.ended === undefined && !isOpen(item)) {
    return {
      ok: false,
      problem: { code: 'not_open', id, status: item.status as 'completed' | 'cancelled' },
    };
  }
  const next = [...items];
  next[index] = { ...item, subAgent: { ...link } };
  return { ok: true, items: next };
}
