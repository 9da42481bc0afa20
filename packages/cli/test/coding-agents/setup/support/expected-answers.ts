/**
 * What plankeeper's answers look like to the model in the setup smoke tests, built from the
 * en locale (not copied), so a test checks that the text reached the model and not a wording.
 */
import { getLocale, quoteText } from 'plankeeper/harness';

export interface ScriptedTodo {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
}

/** The plan every setup smoke test writes: one item in progress, one open. */
export const SMOKE_PLAN: { todos: ScriptedTodo[] } = {
  todos: [
    { content: 'Write the parser', status: 'in_progress' },
    { content: 'Test the parser', status: 'pending' },
  ],
};

/** The line plankeeper's plan tool result gives the item in progress. */
export const IN_PROGRESS_LINE = '- [>] #1 Write the parser';

/** The final answer after the bounce: an honest partial, so the goal check lets it through. */
export const HONEST_ANSWER = 'I could not test the parser: there is no test runner here.';

/** The finish check's reason for the plan's open items (ids are positions, from 1). */
export function finishCheckReason(todos: readonly ScriptedTodo[] = SMOKE_PLAN.todos): string {
  const open = todos
    .map((todo, index) => ({ id: String(index + 1), ...todo }))
    .filter((todo) => todo.status !== 'completed');
  return getLocale('en').harness.finishCheck(open, quoteText);
}

/** How often `needle` occurs in `text`. */
export function occurrences(text: string, needle: string): number {
  return needle === '' ? 0 : text.split(needle).length - 1;
}
