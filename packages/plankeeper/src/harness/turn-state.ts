/**
 * What the harness remembers within one user turn. Everything "once per user turn"
 * (finish check, goal check) lives here and is reset when the next user message comes.
 */
export interface TurnState {
  /** Host's id for this user turn; plan writes carry it, so a plan from another turn is a leftover. */
  id: string;
  /** The user's request that started the turn, for the goal check. */
  task: string;
  /** A plan tool succeeded in this turn (read or write). */
  planUsed: boolean;
  finishCheckFired: boolean;
  goalCheckFired: boolean;
}

export function newTurnState(id: string, task: string): TurnState {
  return { id, task, planUsed: false, finishCheckFired: false, goalCheckFired: false };
}
