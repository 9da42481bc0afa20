/**
 * What the model reads while a plan waits for a person's approval, and when a person has
 * approved it. One short text per case: the call did not run, why, and what the model
 * may do meanwhile (the plan tools are never held).
 */

/** Why a call is held: no plan yet, a plan not approved, or one changed since its approval. */
export type ApprovalWait = 'no-plan' | 'unapproved' | 'changed';

export interface ApprovalTexts {
  /** The result of a held call of `tool`: it did not run. */
  waiting(reason: ApprovalWait, tool: string): string;
  /**
   * After the model's own plan write, for hosts that hold tools elsewhere (an MCP server
   * beside coding-agent hooks): the plan now waits; end the turn and ask for a review.
   */
  awaiting: string;
  /** One line for the model on its next call after a person approved the plan. */
  approvedBy(name: string | undefined): string;
}
