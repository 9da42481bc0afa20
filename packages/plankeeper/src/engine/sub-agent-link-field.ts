/**
 * The sub-agent link as a field of a todo item: its shape and its equality. A leaf, so
 * the item (todo-item.ts) can carry the link while the link's operations (sub-agent-link.ts)
 * work on items.
 */

/** How a sub-agent's turn ended: its plan all done, items left open, or an error. */
export type SubAgentEnding = 'finished' | 'stopped' | 'failed';

export interface SubAgentLink {
  /** The child scope segment under the parent plan's key. */
  scope: string;
  /** How its last turn ended; absent while it is working (or never reported). */
  ended?: SubAgentEnding;
}

export function sameSubAgentLink(
  a: SubAgentLink | undefined,
  b: SubAgentLink | undefined,
): boolean {
  return (
    a === b || (a !== undefined && b !== undefined && a.scope === b.scope && a.ended === b.ended)
  );
}
