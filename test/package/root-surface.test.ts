/**
 * The root entry's values, listed: adding or removing one is a decision a reviewer sees
 * in this file, not a side effect of an `export *`. Internals live in subpaths
 * (`plankeeper/tools`, `/harness`, `/stores`, `/test`) or stay unexported.
 */
import { describe, expect, it } from 'vitest';

const ROOT_VALUES = [
  // the engine and its memory store
  'PlanEngine',
  'MemoryPlanStore',
  'DEFAULT_LIMITS',
  'TODO_STATUSES',
  'isOpen',
  'progressOf',
  'isLeftoverRecord',
  'isStalePlan',
  'encodePlanKey',
  'decodePlanKey',
  'childKey',
  'keyIsWithin',
  // rendering
  'renderPlan',
  'renderItem',
  'quoteText',
  'STATUS_MARKERS',
  // the plan tools
  'createPlanTools',
  'PLAN_TOOL_NAMES',
  'ALL_PLAN_TOOL_NAMES',
  'PLAN_WRITE_TOOL_NAMES',
  // the harness
  'PlanHarness',
  'setUpPlan',
  'planToolsFor',
  'createCompletionLoop',
  'defaultInstructions',
  // languages
  'getLocale',
  'LOCALE_IDS',
  // the agent loop
  'Agent',
  'AgentSession',
  // errors a user catches
  'PlankeeperError',
  'ConfigurationError',
  'PlanConflictError',
  'PlanRecordError',
];

describe('the root entry', () => {
  it('exports exactly the listed values, at most 40', async () => {
    const root = await import('plankeeper');
    expect(Object.keys(root).sort()).toEqual([...ROOT_VALUES].sort());
    expect(ROOT_VALUES.length).toBeLessThanOrEqual(40);
  });
});
