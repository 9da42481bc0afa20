/** A fake world a scenario's agent works in: its tools, and the state they change. */
import type { ToolDefinition } from 'plankeeper';

export interface Environment {
  tools: ToolDefinition[];
  /** Called before each user turn (1-based), so actions can be told apart by turn. */
  beginTurn(turn: number): void;
  /**
   * The person's check of the work (what `--verify "npm test"` runs), when the world has
   * one; the verifier column refuses a final completion while it fails.
   */
  check?(): { ok: true } | { ok: false; output: string };
  /**
   * The same check as a command in a real folder, when the world is one: the checks arm
   * gives it to the agent as `verify`, and `checkRuns` counts the runs the command made.
   */
  verify?: { command: string; cwd: string };
  checkRuns?(): number;
  /** Removes what the world left on disk. */
  dispose?(): void;
}

/** One tool call that changed or checked something, with the user turn it happened in. */
export interface EnvironmentAction {
  tool: string;
  turn: number;
  detail: string;
}
