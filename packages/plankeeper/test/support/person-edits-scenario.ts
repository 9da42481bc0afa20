/**
 * The scenario of a model writing from an older read while a person changes the plan: the
 * model's three-step list, and Ana's two edits (cancel #2, reword #1) that a stale write
 * must not undo. Driven through the MCP server and through the plan tools alike.
 */
import type { PlanEngine, PlanKey } from 'plankeeper';

/** The model's whole list, with these statuses in order. */
export function migrationList(statuses: string[]) {
  return {
    todos: ['Migrate prod DB', 'Email customers', 'Write release notes'].map((content, index) => ({
      content,
      status: statuses[index],
    })),
  };
}

/** Ana cancels #2 and rewords #1, as a person does through `todos` or the dashboard. */
export async function anaCancelsAndRewords(engine: PlanEngine, key: PlanKey): Promise<void> {
  await engine.editAsPerson(
    key,
    { kind: 'cancel', id: '2', reason: 'Legal says do NOT email' },
    { name: 'Ana' },
  );
  await engine.editAsPerson(
    key,
    { kind: 'edit', id: '1', content: 'Migrate STAGING DB only' },
    { name: 'Ana' },
  );
}
