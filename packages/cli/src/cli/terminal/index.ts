/**
 * Terminal rendering for the CLI: a live plan view that redraws in place on a
 * terminal and falls back to plain lines in pipes, logs and under NO_COLOR.
 *
 * @example
 * const view = createPlanView({ locale: 'en' });
 * engine.store.subscribe(async () => view.update((await engine.snapshot(key)).items));
 * view.logLine('→ search_docs {"query": "returns"}');
 * view.stop();
 */
export { inertText } from './ansi.js';
export {
  createPlanView,
  type PlanView,
  type PlanViewOptions,
  type PlanViewStream,
} from './plan-view.js';
