/**
 * The evidence rule's data: which successful tool calls show that an item was worked on,
 * and the gate a host hands the engine with a write so completions can be checked against
 * them (see operations/completion-check.ts). The engine never sees a tool call itself: the
 * host (the harness, on its one tool path) keeps the record and answers for it.
 */
import type { CheckRecord, CheckResult } from './check-record.js';
import type { PlanKey } from './plan-key.js';
import type { TodoItem, TodoStatus } from './todo-item.js';

/**
 * `off`: completions are taken as reported. `warn`: a completion without evidence goes
 * through, and the result and the revision say it had none. `enforce`: it is rejected.
 */
export type EvidenceMode = 'off' | 'warn' | 'enforce';

export const EVIDENCE_MODES: readonly EvidenceMode[] = ['off', 'warn', 'enforce'];

/** One successful non-plan tool call, as the host saw it. */
export interface EvidenceCall {
  tool: string;
  callId?: string;
  /** Milliseconds since the epoch when the call finished. */
  at: number;
}

/** One item a write would complete, with what came before it. */
export interface Completion {
  item: TodoItem;
  /** Its status before this write; undefined for an item the write adds as completed. */
  before: TodoStatus | undefined;
  /**
   * The item as it was before this write (undefined for one it adds): a verifier decides on
   * what the person saw, not on text the completing write changed.
   */
  was?: TodoItem;
  /**
   * The write closes the plan's last open item without completing it (cancelled, or
   * removed): `item` is that item as the write left it (as it was, when removed). Checks of
   * the plan's end (a `--verify` command) run then too; checks of one item's work do not.
   */
  closesPlan?: true;
  /** The successful non-plan calls that count for it (see CompletionGate.callsFor). */
  calls: readonly EvidenceCall[];
}

/** What a verifier is told about one completion. */
export interface CompletionContext {
  key: PlanKey;
  /** The plan tool that completes the item. */
  tool: string;
  /** The completion reason the model gave (the item's note), if any. */
  reason: string | undefined;
  /** Successful non-plan tool calls since the item started, oldest first. */
  calls: readonly EvidenceCall[];
  /** Open items the plan would have left after this write; 0 for the final completion. */
  openAfter: number;
  /** The item as it was before this write (see Completion.was). */
  was?: TodoItem;
  /** The write ends the plan by cancelling or removing its last open item (see Completion.closesPlan). */
  closesPlan?: true;
}

/** A refused completion: the item and the text the model reads as its correction. */
export interface CompletionRefusal {
  id: string;
  reason: string;
}

/**
 * A check a host's verifier ran for one completion and that let it through (the person's
 * `npm test`, say): kept in the completion's evidence. A record already kept (the plan's
 * last check, reused because nothing changed since) stays as it was.
 */
export interface CompletionCheck {
  id: string;
  check: CheckResult | CheckRecord;
}

/** What a gate's verifiers found: refusals by item, and the checks that let items through. */
export interface CompletionVerdicts {
  refusals: CompletionRefusal[];
  checks: CompletionCheck[];
}

/**
 * What a host passes with a write (OperationMeta.gate) so the engine can check its
 * completions. Everything is optional but `callsFor`: a gate without verifiers only
 * answers for the evidence rule.
 */
export interface CompletionGate {
  /** Overrides the engine's `evidence` option for this write. */
  evidence?: EvidenceMode;
  /**
   * The successful non-plan calls that count for completing `item`. `started` is true when
   * the item was in_progress before this write (its window opens when it started); false
   * for an item of the granular family, which has no in_progress, whose window opens at
   * the last plan write. The engine lets one such window count for one item only.
   */
  callsFor(item: TodoItem, started: boolean): readonly EvidenceCall[];
  /**
   * Host checks (verifiers) of the completions the evidence rule let through: refusals by
   * item, or the verdicts with the checks that passed (kept as the completions' evidence).
   */
  verify?(
    completions: readonly Completion[],
    write: { tool: string; openAfter: number },
  ): Promise<CompletionRefusal[] | CompletionVerdicts>;
  /** Told after a write is stored, with the items it stored (so the host can mark starts). */
  written?(items: readonly TodoItem[]): void;
}

/** Calls kept per item in a revision: enough to show why it counted as done. */
export const EVIDENCE_CALLS_KEPT = 5;

/** Why one item counted as done, as a revision keeps it. */
export interface CompletionEvidence {
  id: string;
  /** The last few calls that counted (at most EVIDENCE_CALLS_KEPT), oldest first. */
  calls: EvidenceCall[];
  /** How many calls counted in all. */
  count: number;
  /**
   * The run of the person's check that verified it (a `--verify` command at a tagged or the
   * last item, or the check `evidenceFrom: 'checks'` asks for): `when` is `completion` for a
   * run at this write, `answer` for the plan's last check reused unchanged.
   */
  check?: CheckRecord;
}

/**
 * What counts as evidence under `evidence: 'enforce'`: `calls`, a successful non-plan tool call
 * since the item started (the default); `checks`, a pass of the person's check commands
 * (`verify`) on the workspace as it is at the completion.
 */
export type EvidenceSource = 'calls' | 'checks';

export const EVIDENCE_SOURCES: readonly EvidenceSource[] = ['calls', 'checks'];
