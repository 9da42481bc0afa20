/**
 * What the parent model reads about a sub-agent working on one of its items: the
 * progress beside the item, one line when the sub-agent's turn ended, and why a host's
 * delegation was refused.
 */
import type {
  SubAgentEndInfo,
  SubAgentLink,
  SubAgentLinkProblem,
} from '../engine/sub-agent-link.js';
import type { PlanProgress } from '../engine/todo-item.js';

export interface SubAgentTexts {
  /**
   * Appended to a delegated item's line, with its own leading separator: " (sub-agent: 3/5)".
   * `progress` is undefined while the sub-agent has written no plan.
   */
  progress(link: SubAgentLink, progress: PlanProgress | undefined): string;
  /** One line for the parent model when a sub-agent's turn ended. */
  ended(info: SubAgentEndInfo, quote: (text: string) => string): string;
  /** One line: why the delegation was refused (nothing was changed). */
  problem(problem: SubAgentLinkProblem): string;
}
