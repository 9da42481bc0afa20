/**
 * What every plan tool shares: the engine, the language, the host's key, and how a
 * rejection and a plan are put into words for the model.
 */
import { ConfigurationError } from '../../engine/errors.js';
import type { DependencyMode } from '../../engine/operations/dependencies.js';
import type {
  OperationMeta,
  OperationOutcome,
  PlanEngine,
  PlanSnapshot,
} from '../../engine/plan-engine.js';
import { formatPath, type PlanIssue } from '../../engine/plan-issue.js';
import type { PlanKey } from '../../engine/plan-key.js';
import { renderPlan } from '../../engine/render.js';
import { progressOf } from '../../engine/todo-item.js';
import type { Locale } from '../../locale/locale.js';
import { atSentPlaces, type LeftOutEntries } from '../left-out-entries.js';
import { createSchemas, type PlanToolSchemas } from '../schemas.js';
import type { ToolContext, ToolResult } from '../tool.js';

/** Issues listed in one rejection; more would bury the first fix. */
const MAX_LISTED_ISSUES = 8;

export interface PlanToolKit {
  engine: PlanEngine;
  locale: Locale;
  schemas: PlanToolSchemas;
  /** Append the resulting list to write results (for hosts that do not inject the plan). */
  echoPlan: boolean;
  keyOf(context: ToolContext): PlanKey;
  reject(tool: string, issues: readonly PlanIssue[], snapshot?: PlanSnapshot): ToolResult;
  /**
   * Rejects arguments that failed validation. When a repaired copy of them exists (see
   * repaired-input.ts), `dryRun` checks it against the plan so every mistake is in one reply.
   */
  rejectInput<T>(
    tool: string,
    key: PlanKey,
    input: {
      issues: PlanIssue[];
      lenient?: T;
      lenientIdsChanged?: true;
      lenientLeftOut?: LeftOutEntries;
    },
    dryRun: (value: T) => Promise<OperationOutcome<unknown>>,
  ): Promise<ToolResult>;
  /** The plan as the model reads it; `notes` adds what is stored beside each item (a read asked for). */
  render(snapshot: PlanSnapshot, options?: { notes?: boolean }): string;
  meta(tool: string, context: ToolContext): OperationMeta & { tool: string };
}

export interface PlanToolKitOptions {
  engine: PlanEngine;
  locale: Locale;
  echoPlan?: boolean;
  /** Used when a call's context carries no key (single-session hosts). */
  defaultKey?: PlanKey;
  /** Dependency mode of every write, instead of the engine's. */
  dependencies?: DependencyMode;
}

export function createPlanToolKit(options: PlanToolKitOptions): PlanToolKit {
  const { engine, locale } = options;
  return {
    engine,
    locale,
    schemas: createSchemas(engine.limits, {
      writeBlockedBy: locale.dependencies.writeField,
      addBlockedBy: locale.dependencies.addField,
    }),
    echoPlan: options.echoPlan ?? true,
    keyOf(context) {
      const key = context.key ?? options.defaultKey;
      if (!key) {
        throw new ConfigurationError(
          'A plan tool was called without a plan key: pass context.key or createPlanTools({ defaultKey }).',
        );
      }
      return key;
    },
    reject(tool, issues, snapshot) {
      const lines = issues
        .slice(0, MAX_LISTED_ISSUES)
        .map((issue) => locale.issue(issue, formatPath(issue.path)));
      return {
        ok: false,
        text: locale.results.rejected(lines, Math.max(0, issues.length - MAX_LISTED_ISSUES)),
        data: { issues, ...(snapshot && { items: snapshot.items, version: snapshot.version }) },
        title: locale.titles.rejected(tool),
      };
    },
    async rejectInput(tool, key, input, dryRun) {
      if (input.lenient === undefined) {
        return this.reject(tool, input.issues, await engine.snapshot(key));
      }
      const outcome = await dryRun(input.lenient);
      const { lenientLeftOut } = input;
      // With an id left out, the dry run may call the item it meant dropped.
      const trusted = outcome.ok
        ? []
        : outcome.issues.filter(
            (issue) => !(input.lenientIdsChanged && issue.code === 'dropped_open'),
          );
      const found = lenientLeftOut ? atSentPlaces(trusted, lenientLeftOut) : trusted;
      const snapshot = outcome.ok ? await engine.snapshot(key) : outcome.snapshot;
      if (lenientLeftOut?.list === 'todos' && tool === 'todos_add') {
        // The dry run added only the kept entries; every sent one counts towards the limit.
        const count = snapshot.items.length + lenientLeftOut.kept.length + lenientLeftOut.count;
        const maximum = engine.limits.maxItems;
        if (count > maximum && !found.some((issue) => issue.code === 'too_many_items')) {
          found.push({ code: 'too_many_items', path: ['todos'], maximum, count });
        }
      }
      const issues = withoutRepeats([...input.issues, ...found]);
      return this.reject(tool, issues, snapshot);
    },
    render(snapshot, options) {
      return renderPlan(snapshot.items, { locale, notes: options?.notes === true });
    },
    meta(tool, context) {
      return {
        tool,
        ...(context.turn !== undefined && { turn: context.turn }),
        ...(context.callId !== undefined && { callId: context.callId }),
        ...(options.dependencies && { dependencies: options.dependencies }),
        ...(context.owner !== undefined && { owner: context.owner }),
        ...(context.gate !== undefined && { gate: context.gate }),
        ...(context.seenVersion !== undefined && { basedOn: context.seenVersion }),
        ...(context.approval !== undefined && { approval: context.approval }),
      };
    },
  };
}

/** The schema and the dry run can both report one problem (a blank at the same place). */
function withoutRepeats(issues: readonly PlanIssue[]): PlanIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.code} ${formatPath(issue.path)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** "todo_write: 2/5 completed" in the kit's language. */
export function progressTitle(kit: PlanToolKit, tool: string, snapshot: PlanSnapshot): string {
  return kit.locale.titles.progress(tool, progressOf(snapshot.items));
}
