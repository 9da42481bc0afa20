/**
 * What `plankeeper todos` shows of a plan's sub-agents: each delegated item's progress on
 * its line, and the command that opens the sub-agent's own plan.
 */
import { type Locale, type PlanKey, type PlanStore, subAgentKey, type TodoItem } from 'plankeeper';
import { subAgentProgress, subAgentSuffix } from 'plankeeper/harness';

export interface SubAgentView {
  /** Appends the progress to delegated items' lines (for renderPlan's `suffix`). */
  suffix: ((item: TodoItem) => string | undefined) | undefined;
  /** One entry per delegated item: where its sub-agent's plan is, and how far it got. */
  entries: {
    item: string;
    scope: string;
    key: PlanKey;
    ended: string | undefined;
    total: number | undefined;
    completed: number | undefined;
  }[];
}

/** Reads the plans of the sub-agents linked from `items` (one read each, none without links). */
export async function subAgentView(
  store: PlanStore,
  key: PlanKey,
  items: readonly TodoItem[],
  locale: Locale,
): Promise<SubAgentView> {
  const progress = await subAgentProgress(
    async (child) => (await store.get(child))?.record.items,
    key,
    items,
  );
  const entries = items.flatMap((item) => {
    if (!item.subAgent) return [];
    const counts = progress.get(item.id);
    return [
      {
        item: item.id,
        scope: item.subAgent.scope,
        key: subAgentKey(key, item.subAgent.scope),
        ended: item.subAgent.ended,
        total: counts?.total,
        completed: counts?.completed,
      },
    ];
  });
  return { suffix: subAgentSuffix(progress, locale), entries };
}

/** Lines naming the command that shows each sub-agent's plan; empty without sub-agents. */
export function subAgentLines(view: SubAgentView, store: string | undefined): string[] {
  if (view.entries.length === 0) return [];
  const quote = (word: string) =>
    /^[\w.,:/@%+=-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
  return [
    '',
    'Sub-agent plans:',
    ...view.entries.map((entry) => {
      const words = ['--agent', entry.key.agent, '--session', entry.key.session];
      words.push('--scope', (entry.key.scope ?? []).join('/'));
      const storeFlag = store === undefined ? '' : ` --store ${quote(store)}`;
      return `  #${entry.item}  plankeeper todos${storeFlag} ${words.map(quote).join(' ')}`;
    }),
  ];
}
