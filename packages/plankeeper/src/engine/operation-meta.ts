import type { CompletionGate } from './evidence.js';
import type { DependencyMode } from './operations/dependencies.js';
import type { ApprovalAgain } from './todo-item.js';

/** Who is writing: the tool and call, and the host's current user turn. */
export interface OperationMeta {
  tool?: string;
  callId?: string;
  turn?: string;
  /**
   * The writing session in a shared list, from the host (never from tool arguments): an
   * item it sets `in_progress` becomes its own, and items other owners are working on are
   * refused to it (see operations/ownership.ts).
   */
  owner?: string;
  /**
   * Check the operation against the stored plan and report the outcome without writing
   * (the snapshot of an accepted dry run is the plan as it would be).
   */
  dryRun?: boolean;
  /** The dependency mode for this operation, instead of the engine's. */
  dependencies?: DependencyMode;
  /**
   * The writing host's approval rule, when it holds its tools until a person approves the
   * plan; stored with the plan (see PlanRecord.approvalRule).
   */
  approval?: ApprovalAgain;
  /** The host's record of tool calls and its verifiers, for the completions of this write. */
  gate?: CompletionGate;
  /**
   * The plan version the writer last saw, from the host's record of what it showed the
   * model (never from tool arguments). A person's changes made after it are not undone by
   * this write: a whole list keeps them, a granular call that would undo one is refused
   * (see operations/person-kept.ts). Without it a write goes as it always has.
   */
  basedOn?: number;
}
