/**
 * The root entry's names, listed: adding or removing one — value or type — is a decision
 * a reviewer sees in this file, not a side effect of an `export *`. The root holds what a
 * library user needs; building blocks live in subpaths (`plankeeper/agent`, `/tools`,
 * `/harness`, `/stores`, `/test`) or stay unexported.
 *
 * Measure it: `npx vitest run test/package/root-surface.test.ts` (after `npm run build`).
 */
import { join } from 'node:path';
import ts from 'typescript';
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
  'subAgentKey',
  'childKey', // deprecated: subAgentKey (0.3)
  // rendering
  'renderPlan',
  'STATUS_MARKERS',
  // the plan tools
  'createPlanTools',
  'PLAN_TOOL_NAMES',
  'ALL_PLAN_TOOL_NAMES',
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

const ROOT_TYPES = [
  // the agent loop and the model client interface
  'AgentOptions',
  'AgentEvent',
  'AgentObserver',
  'PlanningOptions',
  'RunResult',
  'ToolHooks',
  'ModelClient',
  'ModelRequest',
  'ModelResponse',
  'ModelUsage',
  'ModelToolSpec',
  'ChatMessage',
  'ToolCall',
  'InjectionKind',
  // the engine, keys and items
  'PlanEngineOptions',
  'PlanSnapshot',
  'OperationOutcome',
  'PlanKey',
  'TodoItem',
  'TodoStatus',
  'PlanStore',
  'DependencyMode',
  'EvidenceMode',
  // the harness
  'Discipline',
  'PlanHarnessOptions',
  'PlanSetup',
  'PlanSetupOptions',
  // the plan tools
  'PlanToolsOptions',
  'PlanToolFamily',
  'PlanToolPreset', // deprecated: PlanToolFamily (0.3)
  'ToolDefinition',
  'ToolContext',
  'ToolResult',
  // languages
  'Locale',
  'LocaleId',
];

/** Every name `dist/index.d.ts` exports, split by whether it also exists at run time. */
function declaredRootNames(): { values: string[]; types: string[] } {
  const file = join(
    new URL('../../packages/plankeeper/dist/', import.meta.url).pathname,
    'index.d.ts',
  );
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${file} is missing: run npm run build`);
  const symbol = checker.getSymbolAtLocation(source)!;
  const values: string[] = [];
  const types: string[] = [];
  for (const exported of checker.getExportsOfModule(symbol)) {
    const target =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    (target.flags & ts.SymbolFlags.Value ? values : types).push(exported.name);
  }
  return { values: values.sort(), types: types.sort() };
}

describe('the root entry', () => {
  it('exports exactly the listed values, at most 33', async () => {
    const root = await import('plankeeper');
    expect(Object.keys(root).sort()).toEqual([...ROOT_VALUES].sort());
    expect(ROOT_VALUES.length).toBeLessThanOrEqual(33);
  });

  it('declares exactly the listed values and types, at most 70 names', () => {
    const declared = declaredRootNames();
    expect(declared.values).toEqual([...ROOT_VALUES].sort());
    expect(declared.types).toEqual([...ROOT_TYPES].sort());
    expect(ROOT_VALUES.length + ROOT_TYPES.length).toBeLessThanOrEqual(70);
  });

  it('the model clients entry adds model clients only, not the root again', () => {
    const models = join(
      new URL('../../packages/cli/dist/', import.meta.url).pathname,
      'models/index.d.ts',
    );
    const program = ts.createProgram([models], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      noEmit: true,
    });
    const checker = program.getTypeChecker();
    const names = checker
      .getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(models)!)!)
      .map((symbol) => symbol.name);
    expect(names).toContain('createModelClient');
    expect(names.filter((name) => [...ROOT_VALUES, ...ROOT_TYPES].includes(name))).toEqual([]);
  });
});
