/**
 * The panel's agent for the screenshot and the tests: plankeeper's own `Agent` with a
 * scripted model (no API key) that plans a bug fix and works through it, with a stand-in
 * workspace tool. A real model client goes in the same place.
 */
import type { ToolDefinition } from 'plankeeper';
import { type AgUiHost, agentHost } from 'plankeeper/ag-ui';
import { ScriptedModel, type ScriptStep } from 'plankeeper/test';

const plan = (...todos: [content: string, status: string][]): ScriptStep => ({
  tool: 'todo_write',
  args: { todos: todos.map(([content, status]) => ({ content, status })) },
});

const STEPS: ScriptStep[] = [
  plan(
    ['Reproduce the failing date test', 'in_progress'],
    ['Fix the timezone offset in parseDate', 'pending'],
    ['Add a test for dates across DST', 'pending'],
    ['Update the changelog', 'pending'],
  ),
  { tool: 'run_tests', args: { filter: 'parseDate' } },
  plan(
    ['Reproduce the failing date test', 'completed'],
    ['Fix the timezone offset in parseDate', 'in_progress'],
    ['Add a test for dates across DST', 'pending'],
    ['Update the changelog', 'pending'],
  ),
  { tool: 'run_tests', args: { filter: 'parseDate' } },
  plan(
    ['Reproduce the failing date test', 'completed'],
    ['Fix the timezone offset in parseDate', 'completed'],
    ['Add a test for dates across DST', 'in_progress'],
    ['Update the changelog', 'pending'],
  ),
  // The finish check sends the first answer back (open steps), the goal check the second.
  { final: 'parseDate keeps the offset now.' },
  { final: 'Two of four steps are done: the fix is in; the DST test and the changelog remain.' },
  {
    final:
      'Checked against your request: the failing date test passes now; the DST test and the changelog are still open.',
  },
];

const runTests: ToolDefinition = {
  name: 'run_tests',
  description: 'Run the project tests matching a filter.',
  inputSchema: { type: 'object', properties: { filter: { type: 'string' } } },
  async execute() {
    return { ok: true, text: '1 failed, 41 passed', data: {}, title: 'run_tests' };
  },
};

/** A fresh scripted agent: each call starts the script from its first step. */
export function demoHost(): AgUiHost {
  return agentHost({ model: new ScriptedModel(STEPS), tools: [runTests], planning: {} });
}

/** The plan the script leaves, as the panel should show it. */
export const DEMO_PLAN = [
  'Reproduce the failing date test',
  'Fix the timezone offset in parseDate',
  'Add a test for dates across DST',
  'Update the changelog',
];
