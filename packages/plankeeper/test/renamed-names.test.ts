/**
 * Names renamed in 0.3 keep working for one release through the public entries, and each
 * says once per process what it is called now: `childKey` → `subAgentKey`, the tool
 * family option `preset` → `tools`.
 */
import { childKey, createPlanTools, PlanEngine, setUpPlan, subAgentKey } from 'plankeeper';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';

let warnings: MockInstance<typeof process.emitWarning>;
beforeEach(() => {
  warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
});
afterEach(() => warnings.mockRestore());

const renamed = (oldName: string) =>
  warnings.mock.calls.filter(([message]) => String(message).includes(`'${oldName}' is renamed`));

describe('renamed in 0.3', () => {
  it('subAgentKey pushes the sub-agent scope; childKey does the same and warns once', () => {
    const parent = { agent: 'support', session: 's1', scope: ['research'] };
    expect(subAgentKey(parent, 'helper')).toEqual({ ...parent, scope: ['research', 'helper'] });
    expect(warnings).not.toHaveBeenCalled();
    expect(childKey(parent, 'helper')).toEqual(subAgentKey(parent, 'helper'));
    expect(childKey(parent, 'other')).toEqual(subAgentKey(parent, 'other'));
    expect(renamed('childKey')).toEqual([
      [expect.stringContaining("renamed 'subAgentKey'"), 'DeprecationWarning'],
    ]);
  });

  it('the tools option picks the family; preset still does, warns once, and tools wins', () => {
    const engine = new PlanEngine();
    const names = (options: object) =>
      createPlanTools({ engine, ...options }).map((tool) => tool.name);
    expect(names({ tools: 'granular' })).toContain('todos_add');
    expect(warnings).not.toHaveBeenCalled();
    expect(names({ preset: 'granular' })).toEqual(names({ tools: 'granular' }));
    expect(names({ preset: 'granular', tools: 'whole-list' })).toEqual(['todo_write', 'todo_read']);
    const setup = setUpPlan({ key: { agent: 'a', session: 's' }, preset: 'both' });
    expect(setup.tools).toHaveLength(7);
    expect(renamed('preset')).toHaveLength(1);
  });
});
