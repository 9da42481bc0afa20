/** What an engine operation answers: the plan as stored after it, or why it changed nothing. */
import type { CompletionEvidence } from './evidence.js';
import type { PersonEditProblem } from './operations/person-edit.js';
import type { PlanIssue } from './plan-issue.js';
import type { PlanSnapshot } from './plan-snapshot.js';
import type { SubAgentLinkProblem } from './sub-agent-link.js';

export type OperationOutcome<Facts> =
  | {
      ok: true;
      snapshot: PlanSnapshot;
      facts: Facts;
      /** Under the evidence rule (warn or enforce): why each item this write completed counted as done. */
      evidence?: CompletionEvidence[];
    }
  | { ok: false; issues: PlanIssue[]; snapshot: PlanSnapshot };

/** A person's change: the plan as stored after it, or the one problem and the plan as it is. */
export type PersonEditOutcome =
  | { ok: true; snapshot: PlanSnapshot }
  | { ok: false; problem: PersonEditProblem; snapshot: PlanSnapshot };

/** A host's sub-agent link: the plan as stored after it, or why it was refused. */
export type SubAgentLinkOutcome =
  | { ok: true; snapshot: PlanSnapshot }
  | { ok: false; problem: SubAgentLinkProblem; snapshot: PlanSnapshot };
