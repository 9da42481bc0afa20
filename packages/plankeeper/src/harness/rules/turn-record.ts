/**
 * What the rules remember within one user turn: the record the reducer takes and returns.
 * It is plain JSON, so a host that runs as short processes (a coding agent's hooks) keeps it
 * in the store beside the plan (engine.updateTurnState) and PlanHarness keeps it in memory.
 */
import type { EvidenceCall } from '../../engine/evidence.js';
import { type ChecksRecord, readChecksRecord } from './checks-record.js';

export type { ChecksRecord };

/** Longest excerpt of the request quoted back to the model (the goal check's). */
export const MAX_TASK_EXCERPT = 600;

export interface TurnRecord {
  /** The host's id for the current user turn. */
  turn?: string;
  /** The user's request, cut to what the goal check quotes back. */
  task?: string;
  startedAt?: number;
  /** Tool rounds since the last successful plan write (or the last reminder). */
  rounds: number;
  /** A plan write succeeded in the round under way. */
  wroteThisRound: boolean;
  /**
   * The plan version the model has seen (its own write, or one a decision or a section
   * showed it): the one record of it in every host.
   */
  shownVersion: number;
  /**
   * The write time of the plan shown, where a host shows a section before every call
   * (PlanHarness): a plan deleted and written again starts its versions over.
   */
  shownAt?: number;
  /** A plan write of this session succeeded in this user turn. */
  wroteThisTurn: boolean;
  /** A plan tool (read or write) succeeded in this user turn. */
  planUsed: boolean;
  /** The checks that bounced an answer (or were asked ahead) in this turn: each once per turn. */
  bounced: string[];
  /** A compaction happened and the plan has not been shown since. */
  restorePending: boolean;
  /**
   * The reason of the last refused answer. Gemini CLI sends it back as the next prompt
   * (BeforeAgent), which must continue the turn, not start a new one.
   */
  lastBlock?: string;
  /**
   * The last successful tool calls other than plankeeper's own, oldest first: what the MCP
   * server's evidence rule counts (the server sees only plan tool calls).
   */
  successes?: EvidenceCall[];
  /** The person's checks before an answer (checks-before-done.ts), where a host runs them. */
  checks?: ChecksRecord;
}

/** Successes kept; more than one item's worth of work, little enough for every hook write. */
export const MAX_SUCCESSES = 30;

/** The record of a turn that starts now. */
export function newTurnRecord(turn: string, task: string, now: number): TurnRecord {
  return {
    turn,
    task: boundedTask(task),
    startedAt: now,
    rounds: 0,
    wroteThisRound: false,
    shownVersion: 0,
    wroteThisTurn: false,
    planUsed: false,
    bounced: [],
    restorePending: false,
  };
}

/** The request as kept: no more than the goal check quotes (plus one character to mark the cut). */
export function boundedTask(task: string): string {
  return task.length > MAX_TASK_EXCERPT + 1 ? task.slice(0, MAX_TASK_EXCERPT + 1) : task;
}

/**
 * A record from stored JSON, tolerant of anything: missing or wrong fields take their
 * defaults, and a record written by an earlier release (`finishBounces`, `goalBounces`) reads
 * as the same turn.
 */
export function readTurnRecord(raw: Record<string, unknown> | undefined): TurnRecord {
  const number = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const turn = text(raw?.turn);
  const task = text(raw?.task);
  const lastBlock = text(raw?.lastBlock);
  const bounced = Array.isArray(raw?.bounced)
    ? raw.bounced.filter((name): name is string => typeof name === 'string')
    : [
        ...(number(raw?.finishBounces) > 0 ? ['finish-check'] : []),
        ...(number(raw?.goalBounces) > 0 ? ['goal-check'] : []),
      ];
  const wroteThisTurn = raw?.wroteThisTurn === true;
  const checks = readChecksRecord(raw?.checks);
  return {
    ...(turn !== undefined && { turn }),
    ...(task !== undefined && { task: boundedTask(task) }),
    ...(typeof raw?.startedAt === 'number' && { startedAt: raw.startedAt }),
    ...(typeof raw?.shownAt === 'number' && { shownAt: raw.shownAt }),
    rounds: number(raw?.rounds),
    wroteThisRound: raw?.wroteThisRound === true,
    shownVersion: number(raw?.shownVersion),
    wroteThisTurn,
    planUsed: typeof raw?.planUsed === 'boolean' ? raw.planUsed : wroteThisTurn,
    bounced,
    restorePending: raw?.restorePending === true,
    ...(lastBlock !== undefined && { lastBlock }),
    ...(Array.isArray(raw?.successes) && { successes: readSuccesses(raw.successes) }),
    ...(checks !== undefined && { checks }),
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
