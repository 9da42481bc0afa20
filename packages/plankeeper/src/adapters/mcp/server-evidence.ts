/**
 * The evidence rule and verifiers for an MCP server. The server sees only plan tool calls;
 * the other calls that count come from the session's recorded successes (a coding agent's
 * hooks record them in its turn record), taken into one evidence log per plan before each plan call.
 *
 * Where an item's window opened comes from the stored plan when the log did not see the item
 * start: the server keeps its logs in memory, so after a restart (or for an item another
 * process started on a shared list) the plan's history says when the item went in_progress,
 * and a call recorded before that does not count for it.
 */
import type { EvidenceCall, EvidenceMode } from '../../engine/evidence.js';
import type { PlanEngine } from '../../engine/plan-engine.js';
import { encodePlanKey, type PlanKey } from '../../engine/plan-key.js';
import type { PlanRevision } from '../../engine/store/plan-store.js';
import { checkEvidence } from '../../harness/check-evidence.js';
import { createCompletionGate } from '../../harness/completion-gate.js';
import { EvidenceLog } from '../../harness/evidence-log.js';
import type { VerifierSpec } from '../../harness/verifiers.js';
import type { Locale } from '../../locale/locale.js';
import type { PlanMcpServerOptions } from './plan-mcp-server-options.js';

/** Plans one server keeps a log for; a coding agent's server serves a handful. */
const MAX_LOGS = 100;

export class ServerEvidence {
  private readonly logs = new Map<string, EvidenceLog>();
  private readonly mode: EvidenceMode;
  /** The checks every completion passes under `evidenceFrom: 'checks'`. */
  private readonly checks: VerifierSpec | undefined;

  constructor(
    private readonly options: PlanMcpServerOptions,
    private readonly engine: PlanEngine,
    private readonly locale: Locale,
    /** The calls recorded for a session (its hooks'), read before each of its plan calls. */
    private readonly successes?: (session: PlanKey) => Promise<readonly EvidenceCall[]>,
  ) {
    this.mode = options.evidence ?? engine.evidence;
    this.checks = checkEvidence(options, engine);
  }

  /**
   * The gate for one call on the plan at `key` by `session` (the same key unless the plan is
   * a shared list), after taking in the calls recorded since the last one.
   */
  async gateFor(key: PlanKey, session: PlanKey = key) {
    const none = this.mode === 'off' && !this.checks && (this.options.verifiers ?? []).length === 0;
    if (none) return undefined;
    const log = this.logFor(key);
    if (this.successes) log.absorb(await this.successes(session));
    await this.learnStarts(key, log);
    return createCompletionGate({
      log,
      evidence: this.mode,
      verifiers: this.options.verifiers,
      verifierTimeoutMs: this.options.verifierTimeoutMs,
      key,
      locale: this.locale,
      checkEvidence: this.checks,
    });
  }

  /** Gives `log` the stored start of each item in progress it did not see start. */
  private async learnStarts(key: PlanKey, log: EvidenceLog): Promise<void> {
    const { items } = await this.engine.snapshot(key);
    const unknown = items
      .filter((item) => item.status === 'in_progress' && !log.knowsStart(item.id))
      .map((item) => item.id);
    if (unknown.length === 0) return;
    const history = await this.engine.history(key);
    for (const id of unknown) {
      const at = startedAt(history, id);
      if (at !== undefined) log.startedAt(id, at);
    }
  }

  private logFor(key: PlanKey): EvidenceLog {
    const name = encodePlanKey(key);
    let log = this.logs.get(name);
    if (!log) {
      log = new EvidenceLog();
      this.logs.set(name, log);
      if (this.logs.size > MAX_LOGS) this.logs.delete(this.logs.keys().next().value as string);
    }
    return log;
  }
}

/**
 * When item `id` last went in_progress: the time of the oldest revision in the newest run of
 * revisions that hold it in progress. When the run reaches past the kept history, the oldest
 * kept revision's time (a later start than the real one: calls before it do not count).
 * Undefined when the newest revision does not hold it in progress.
 */
export function startedAt(history: readonly PlanRevision[], id: string): number | undefined {
  let at: number | undefined;
  for (let index = history.length - 1; index >= 0; index--) {
    const revision = history[index]!;
    const item = revision.record?.items.find((each) => each.id === id);
    if (item?.status !== 'in_progress') break;
    at = revision.at;
  }
  return at;
}
