/**
 * A plan tool's declaration: its name, the description in the kit's language and the
 * JSON schema of its arguments, with `run` given the validated call and the host's key.
 */
import type { z } from 'zod';
import type { PlanIssue } from '../../engine/plan-issue.js';
import type { PlanKey } from '../../engine/plan-key.js';
import { planInputBounds } from '../input-bounds.js';
import { type PlanToolName, type PlanToolSchemas, toJsonSchema } from '../schemas.js';
import type { ToolContext, ToolDefinition, ToolResult } from '../tool.js';
import { type ValidatedInput, validateInput } from '../validate-input.js';
import type { PlanToolKit } from './plan-tool-kit.js';

export function planTool<Name extends PlanToolName>(
  kit: PlanToolKit,
  name: Name,
  run: (
    input: ValidatedInput<z.output<PlanToolSchemas[Name]>>,
    key: PlanKey,
    context: ToolContext,
  ) => Promise<ToolResult>,
  /** Rewrites accepted aliases in place (on a copy) and reports conflicts. */
  normalize?: (value: Record<string, unknown>) => PlanIssue[],
): ToolDefinition {
  const schema = kit.schemas[name];
  const bounds = planInputBounds(kit.engine.limits);
  return {
    name,
    description: kit.locale.tools[name],
    inputSchema: toJsonSchema(schema),
    execute: async (args, context) =>
      run(
        validateInput(schema, args, normalize, bounds) as ValidatedInput<
          z.output<PlanToolSchemas[Name]>
        >,
        kit.keyOf(context),
        context,
      ),
  };
}
