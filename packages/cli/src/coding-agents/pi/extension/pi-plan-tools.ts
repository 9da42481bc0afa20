/**
 * The plan tools registered in Pi: the core's definitions (the names, schemas and
 * descriptions `plankeeper mcp` lists), each call run through the session's harness, so a
 * write counts as a plan update and carries the turn and the version the model last saw.
 * A refused call is a tool error in Pi (it throws), and the model reads the correction.
 */
import { getLocale, type LocaleId, planToolsFor, renderPlan } from 'plankeeper';
import type { ExtensionPlans } from './extension-plans.js';
import type { PiSessionPlan } from './pi-session-plan.js';
import type { PiContext, PiExtensionApi } from './pi-types.js';

/** The widget above Pi's editor that shows the plan. */
export const PLAN_WIDGET = 'plankeeper';

export function registerPlanTools(
  pi: PiExtensionApi,
  plans: ExtensionPlans,
  sessionOf: (ctx: PiContext) => PiSessionPlan,
): void {
  const { options } = plans;
  const definitions = planToolsFor({
    engine: plans.engine,
    locale: getLocale((options.lang ?? 'en') as LocaleId),
    tools: 'both',
    ...(options.discipline && { discipline: options.discipline }),
  });
  for (const definition of definitions) {
    pi.registerTool({
      name: definition.name,
      label: definition.name,
      description: definition.description,
      parameters: definition.inputSchema,
      async execute(toolCallId, params, signal, _onUpdate, ctx) {
        const { harness } = sessionOf(ctx);
        const result = await harness.wrapTool({
          name: definition.name,
          callId: toolCallId,
          run: (context) => definition.execute(params, { ...context, ...(signal && { signal }) }),
          outcome: (result) => ({ ok: result.ok, result }),
          withNote: (result, note) => ({ ...result, text: `${result.text}\n\n${note}` }),
        });
        if (!result.ok) throw new Error(result.text);
        if (ctx.hasUI) {
          const { items } = await harness.snapshot();
          const lines = renderPlan(items, { locale: harness.locale }).split('\n');
          ctx.ui.setWidget(PLAN_WIDGET, items.length === 0 ? undefined : lines);
        }
        return { content: [{ type: 'text', text: result.text }], details: result.data };
      },
    });
  }
}
