/**
 * The flow every plan-changing tool shares: validate the arguments, apply the operation
 * through the engine, and put a rejection or the result into words. A call with schema
 * problems runs the same operation on a repaired copy as a dry run (see repaired-input.ts),
 * so its rejection also names what the plan itself would refuse.
 */
import type { z } from 'zod';
import type { CompletionEvidence } from '../../engine/evidence.js';
import type { OperationMeta, OperationOutcome, PlanSnapshot } from '../../engine/plan-engine.js';
import type { PlanIssue } from '../../engine/plan-issue.js';
import type { PlanKey } from '../../engine/plan-key.js';
import type { TodoItem } from '../../engine/todo-item.js';
import type { PlanToolName, PlanToolSchemas } from '../schemas.js';
import type { ToolDefinition } from '../tool.js';
import { planTool } from './plan-tool.js';
import { type PlanToolKit, progressTitle } from './plan-tool-kit.js';

export interface PlanWriteToolSpec<Name extends PlanToolName, Facts> {
  name: Name;
  /** Rewrites accepted aliases in place (on a copy) and reports conflicts. */
  normalize?: (value: Record<string, unknown>) => PlanIssue[];
  /** The engine operation; `meta` carries the call's identity, or `dryRun`. */
  apply(
    key: PlanKey,
    value: z.output<PlanToolSchemas[Name]>,
    meta: OperationMeta,
  ): Promise<OperationOutcome<Facts>>;
  /**
   * What the model reads after an accepted call, and the data beside the plan's items and
   * version. The plan follows the lines when echoing is on, or when `echo` says so.
   */
  describe(
    snapshot: PlanSnapshot,
    facts: Facts,
  ): { lines: string[]; data: Record<string, unknown>; echo?: boolean };
}

export function planWriteTool<Name extends PlanToolName, Facts>(
  kit: PlanToolKit,
  spec: PlanWriteToolSpec<Name, Facts>,
): ToolDefinition {
  const { name } = spec;
  return planTool(
    kit,
    name,
    async (input, key, context) => {
      if (!input.ok) {
        return kit.rejectInput(name, key, input, (value) =>
          spec.apply(key, value, { ...kit.meta(name, context), dryRun: true }),
        );
      }
      const outcome = await spec.apply(key, input.value, kit.meta(name, context));
      if (!outcome.ok) return kit.reject(name, outcome.issues, outcome.snapshot);
      const { snapshot, facts } = outcome;
      const { lines, data, echo = kit.echoPlan } = spec.describe(snapshot, facts);
      const unproven = unprovenItems(outcome.evidence, snapshot);
      if (unproven.length > 0) lines.push(kit.locale.evidence.unproven(unproven));
      if (echo) lines.push(kit.render(snapshot));
      return {
        ok: true,
        text: lines.join('\n'),
        data: {
          items: snapshot.items,
          version: snapshot.version,
          ...data,
          ...(outcome.evidence && { evidence: outcome.evidence }),
        },
        title: progressTitle(kit, name, snapshot),
      };
    },
    spec.normalize,
  );
}

/** Items completed with no call or passing check to show for them (the evidence rule's `warn`). */
function unprovenItems(
  evidence: readonly CompletionEvidence[] | undefined,
  snapshot: PlanSnapshot,
): TodoItem[] {
  if (!evidence) return [];
  const none = new Set(
    evidence.filter((entry) => entry.count === 0 && !entry.check).map((entry) => entry.id),
  );
  return none.size === 0 ? [] : snapshot.items.filter((item) => none.has(item.id));
}
