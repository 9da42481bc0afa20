/**
 * Terminal rendering for the CLI: the live plan view and its pieces.
 */
export { inertText } from './ansi.js';
export {
  createPlanView,
  type PlanView,
  type PlanViewOptions,
  type PlanViewStream,
} from './plan-view.js';
