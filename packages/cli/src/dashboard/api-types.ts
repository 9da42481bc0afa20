/**
 * The JSON the dashboard's API returns. The page reads these shapes; so can any script
 * (`curl /api/plans`), which is why they are spelled out here.
 */
import type { TodoItem, TodoStatus } from 'plankeeper';
import type { CheckRecord } from 'plankeeper/checks';
import type { CompletionEvidence } from 'plankeeper/harness';
import type { PersonEdit } from 'plankeeper/stores';
import type { ItemChange } from './revision-changes.js';

/** One plan in the list: where it is, how far along, and what is being done now. */
export interface PlanSummary {
  /** `encodePlanKey` of the plan's key; pass it back as `/api/plan?key=`. */
  key: string;
  agent: string;
  session: string;
  scope: string[];
  version: number;
  updatedAt: number;
  total: number;
  open: number;
  completed: number;
  cancelled: number;
  /** The item in progress, if any. */
  current: { id: string; content: string; activeForm?: string } | null;
  /** Open items and no write for `staleAfterMs`: the agent may have given up on it. */
  stale: boolean;
  /** Open items left from an earlier user turn than the agent's current one. */
  leftover: boolean;
  /** Set when the stored record could not be read; the counts then come from the listing. */
  error?: string;
}

export interface PlanListResponse {
  /** Server clock when the list was made, so the page can age `updatedAt` without skew. */
  now: number;
  staleAfterMs: number;
  plans: PlanSummary[];
}

/** One entry of a plan's timeline: what changed, when, and which tool call did it. */
export interface TimelineEntry {
  version: number;
  at: number;
  tool: string;
  callId?: string;
  summary?: string;
  /** `person` when a person made the change (the CLI, this page), with their name if given. */
  by?: 'person';
  name?: string;
  /** In a shared list: the session that wrote this revision. */
  owner?: string;
  /**
   * What verified each item this revision completed: the tool calls that counted (the
   * evidence rule) and the check run that let it through (a `--verify` command).
   */
  evidence?: CompletionEvidence[];
  /** A `host:check` revision: the run of the person's check it keeps. */
  check?: CheckRecord;
  /**
   * Items this write kept as a person had changed them: its writer sent a list from
   * before their change (the summary says so too).
   */
  keptForPerson?: string[];
  /** True when this revision removed the whole plan. */
  deleted: boolean;
  /**
   * What changed against the previous revision, or null when that revision is no
   * longer kept (the store trims old history) so the difference is unknown.
   */
  changes: ItemChange[] | null;
  /** Counts after this revision. */
  total: number;
  completed: number;
}

export interface PlanDetailResponse {
  now: number;
  staleAfterMs: number;
  key: string;
  agent: string;
  session: string;
  scope: string[];
  /** False when the plan was deleted (or expired) but its history is still kept. */
  exists: boolean;
  version: number;
  updatedAt: number | null;
  items: TodoItem[];
  /**
   * The request the plan serves, where its host keeps it beside the plan (a coding agent's
   * hooks do, cut to what the goal check quotes); null when none is stored.
   */
  task: string | null;
  stale: boolean;
  /** Open items left from an earlier user turn than the agent's current one. */
  leftover: boolean;
  /** The sub-agents the plan's items were delegated to, in item order. */
  subAgents: SubAgentSummary[];
  /**
   * Where the host that wrote the plan holds its tools until a person approves it: its rule
   * (`once`, or again `on-change`), the person's approval (null while there is none) and
   * whether that covers the plan as it is now. Null when no host asks approval for it.
   */
  approval: PlanApprovalState | null;
  /** What verified the plan: the last run of the person's check, null when none ran. */
  lastCheck: CheckRecord | null;
  /**
   * What verified each completed item, from the newest kept revision that completed it
   * (items with none are left out), in item order.
   */
  evidence: CompletionEvidence[];
  /** Oldest first, as the store keeps it. */
  timeline: TimelineEntry[];
}

export interface PlanApprovalState {
  rule: 'once' | 'on-change';
  approved: { name: string | null; at: number } | null;
  /** False while the plan waits for a person: not approved yet, or changed since (on-change). */
  current: boolean;
}

/** A delegated item's sub-agent: where its own plan is and how far it got. */
export interface SubAgentSummary {
  /** The parent plan's item. */
  item: string;
  scope: string;
  /** `encodePlanKey` of the sub-agent's plan; open it with `/api/plan?key=`. */
  key: string;
  /** False while the sub-agent has written no plan. */
  exists: boolean;
  total: number;
  completed: number;
  /** How its last turn ended; absent while it works. */
  ended?: 'finished' | 'stopped' | 'failed';
}

/** Sent on `/api/events` as a `plan-changed` event after every accepted write or delete. */
export interface PlanChangedEvent {
  key: string;
  agent: string;
  session: string;
  scope: string[];
  version: number;
  at: number;
  tool: string;
  deleted: boolean;
}

export type { ItemChange, TodoStatus };

/** Body of `POST /api/plan/edit`: one person's change to one plan. */
export interface PlanEditRequest {
  key: string;
  edit: PersonEdit;
  /** The person's name, recorded with the change and shown to the model. */
  by?: string;
}

/** Answer of an accepted `POST /api/plan/edit`: the plan as now stored. */
export interface PlanEditResponse {
  version: number;
  items: TodoItem[];
}
