/** What the page knows: the plans listed, their rows, and the plan selected. */
import type { PlanDetailResponse, PlanSummary } from '../../api-types.js';

export const state = {
  plans: new Map<string, PlanSummary>(),
  rows: new Map<string, HTMLTableRowElement>(),
  /** Key of the plan named in the address (`#plan=KEY`). */
  selected: null as string | null,
  /** That plan as last rendered. */
  selectedPlan: null as PlanDetailResponse | null,
  /** Server clock minus ours, so ages follow the server's clock. */
  offset: 0,
  staleAfterMs: 600000,
  /** True once a full listing has arrived. */
  loaded: false,
};
