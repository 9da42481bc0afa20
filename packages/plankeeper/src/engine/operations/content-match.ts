/**
 * How an entry sent without an id finds its item: by its text, among the items no entry
 * names. Most models send no ids (the Claude Code shape), and a person's line in a plan
 * file may have lost its `#N`; both keep the item's id this way. One rule for the engine's
 * whole-list write (write-plan.ts) and the plan file's lines (stores/plan-file).
 */

/**
 * For each of `texts` (undefined for an entry that names its id), the id of an item of
 * `items` with that exact text and an id not in `claimed`, or undefined. Each item is
 * matched at most once: items with one text go to the entries with that text in order.
 */
export function matchByContent(
  items: readonly { id: string; content: string }[],
  claimed: ReadonlySet<string>,
  texts: readonly (string | undefined)[],
): (string | undefined)[] {
  const byContent = new Map<string, string[]>();
  for (const item of items) {
    if (claimed.has(item.id)) continue;
    const ids = byContent.get(item.content);
    if (ids) ids.push(item.id);
    else byContent.set(item.content, [item.id]);
  }
  return texts.map((text) => (text === undefined ? undefined : byContent.get(text)?.shift()));
}
