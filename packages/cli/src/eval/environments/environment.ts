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
}

/** One tool call that changed or checked something, with the user turn it happened in. */
export interface EnvironmentAction {
  tool: string;
  turn: number;
  detail: string;
}
