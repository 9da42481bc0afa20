/**
 * `plankeeper/dashboard`: a live web view of every plan in a store. Lists agents and
 * sessions with progress and the step in progress, shows one plan with its revision
 * timeline (what each tool call changed), and updates through server-sent events.
 * Built on node:http alone; reads the store through the ordinary PlanStore interface.
 *
 * @example
 * import { createDashboardServer } from '@plankeeper/cli/dashboard';
 * const dashboard = await createDashboardServer({ store, port: 0 });
 * console.log(`Plans at ${dashboard.url}`);
 * process.once('SIGINT', () => dashboard.close());
 */

// The loopback rule lives in plankeeper/http; re-exported here for code that imported it from here.
export { isLoopbackHost } from 'plankeeper/http';
export type {
  ItemChange,
  PlanChangedEvent,
  PlanDetailResponse,
  PlanListResponse,
  PlanSummary,
  TimelineEntry,
} from './api-types.js';
export { DashboardError } from './dashboard-error.js';
export {
  createDashboardServer,
  type DashboardOptions,
  type DashboardServer,
} from './dashboard-server.js';
export { revisionChanges } from './revision-changes.js';
