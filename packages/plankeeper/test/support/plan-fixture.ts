import type { LocaleId, PlanKey, ToolDefinition, ToolResult } from 'plankeeper';
import {
  createPlanTools,
  PlanEngine,
  type PlanEngineOptions,
  type PlanToolFamily,
} from 'plankeeper';

export const KEY: PlanKey = { agent: 'support', session: 'session-1' };

/** An engine with all plan tools, and helpers to call them and read the stored bytes. */
export function planFixture(
  options: PlanEngineOptions & {
    locale?: LocaleId;
    tools?: PlanToolFamily;
    key?: PlanKey;
    echoPlan?: boolean;
  } = {},
) {
  const engine = new PlanEngine(options);
  const tools = createPlanTools({
    engine,
    tools: options.tools ?? 'both',
    locale: options.locale ?? 'en',
    ...(options.echoPlan !== undefined && { echoPlan: options.echoPlan }),
  });
  const key = options.key ?? KEY;
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return {
    engine,
    tools,
    key,
    tool(name: string): ToolDefinition {
      const tool = byName.get(name);
      if (!tool) throw new Error(`no tool ${name}`);
      return tool;
    },
    call(
      name: string,
      args: unknown,
      context: { key?: PlanKey; turn?: string } = {},
    ): Promise<ToolResult> {
      return this.tool(name).execute(args, { key, ...context });
    },
    /** The stored plan exactly as the store holds it, plus its history length. */
    async stored(): Promise<string> {
      const current = await engine.store.get(key);
      const history = await engine.store.history(key);
      return JSON.stringify({ current, history: history.length });
    },
    async items() {
      return (await engine.snapshot(key)).items;
    },
  };
}
