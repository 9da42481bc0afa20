import type { ApprovalTexts } from './approval-texts.js';

export const enApproval: ApprovalTexts = {
  waiting: (reason, tool) => {
    switch (reason) {
      case 'no-plan':
        return `Held: ${tool} did not run. Until a person approves a plan, only the plan tools run. Write the plan, then end your turn and ask for a review.`;
      case 'unapproved':
        return `Held: ${tool} did not run; the plan waits for a person's approval. Meanwhile you may revise the plan with the plan tools, then end your turn and say it is ready for review.`;
      case 'changed':
        return `Held: ${tool} did not run; the plan changed after a person approved it and waits for their approval again. Meanwhile you may revise the plan, then end your turn and say what changed.`;
    }
  },
  awaiting:
    "This plan waits for a person's approval; tools other than the plan tools are held until then. End your turn and ask for a review.",
  approvedBy: (name) => `Approved by a person${name ? ` (${name})` : ''}: carry out the plan.`,
};
