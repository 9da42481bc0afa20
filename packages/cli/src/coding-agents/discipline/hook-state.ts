import type { PlanEngine, PlanKey } from 'plankeeper';
import type { EvidenceCall } from 'plankeeper/harness';
/**
 * What the hooks remember per plan between their processes, kept in the store beside the
 * plan (engine.updateTurnState), so concurrent hook processes never lose an update.
 */
export interface HookState {
  /** The current user turn, and its request (for the goal check). */
  turn?: string;
  task?: string;
  startedAt?: number;
  /** Tool calls since the last successful plan write. */
  rounds: number;
  /** The plan version the model has seen (its own write, or one the hooks showed it). */
  shownVersion: number;
  /** Whether the model wrote the plan in this user turn. */
  wroteThisTurn: boolean;
  finishBounces: number;
  goalBounces: number;
  /** A compaction happened and the plan has not been shown since. */
  restorePending: boolean;
  /**
   * The reason of the last refused stop. Gemini CLI sends it back as the next prompt
   * (BeforeAgent), which must continue the turn, not start a new one.
   */
  lastBlock?: string;
  /**
   * The last successful tool calls other than plankeeper's own, oldest first: what the
   * MCP server's evidence rule counts (the server sees only plan tool calls).
   */
  successes?: EvidenceCall[];
}

/** Successes kept; more than one item's worth of work, little enough for every hook write. */
export const MAX_SUCCESSES = 30;

export function readHookState(raw: Record<string, unknown> | undefined): HookState {
  const number = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const turn = text(raw?.turn);
  const task = text(raw?.task);
  const lastBlock = text(raw?.lastBlock);
  return {
    ...(turn !== undefined && { turn }),
    ...(task !== undefined && { task }),
    ...(typeof raw?.startedAt === 'number' && { startedAt: raw.startedAt }),
    rounds: number(raw?.rounds),
    shownVersion: number(raw?.shownVersion),
    wroteThisTurn: raw?.wroteThisTurn === true,
    finishBounces: number(raw?.finishBounces),
    goalBounces: number(raw?.goalBounces),
    restorePending: raw?.restorePending === true,
    ...(lastBlock !== undefined && { lastBlock }),
    ...(Array.isArray(raw?.successes) && { successes: readSuccesses(raw.successes) }),
  };
}

function readSuccesses(raw: unknown[]): EvidenceCall[] {
  return raw.flatMap((entry) => {
    const call = entry as Partial<EvidenceCall> | null;
    return typeof call?.tool === 'string' && typeof call.at === 'number'
      ? [{ tool: call.tool, at: call.at }]
      : [];
  });
}

/** The successes the hooks recorded for `key` (for the MCP server's evidence rule). */
export async function recordedSuccesses(engine: PlanEngine, key: PlanKey): Promise<EvidenceCall[]> {
  try {
    return readHookState((await engine.turnState(key))?.state).successes ?? [];
  } catch {
    // A store that keeps no harness state has no hooks' record either.
    return [];
  }
}

export function toStored(state: HookState): Record<string, unknown> {
  return { ...state };
}
