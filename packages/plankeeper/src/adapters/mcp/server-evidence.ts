/**
 * The evidence rule and verifiers for an MCP server. The server sees only plan tool calls;
 * the other calls that count come from the session's recorded successes (a coding agent's
 * hooks record them in its turn record), taken into one evidence log per plan before each plan call.
 */
import type { EvidenceCall, EvidenceMode } from '../../engine/evidence.js';
import type { PlanEngine } from '../../engine/plan-engine.js';
import { encodePlanKey, type PlanKey } from '../../engine/plan-key.js';
import { createCompletionGate } from '../../harness/completion-gate.js';
import { EvidenceLog } from '../../harness/evidence-log.js';
import type { Locale } from '../../locale/locale.js';
import type { PlanMcpServerOptions } from './plan-mcp-server.js';

/** Plans one server keeps a log for; a coding agent's server serves a handful. */
const MAX_LOGS = 100;

export class ServerEvidence {
  private readonly logs = new Map<string, EvidenceLog>();
  private readonly mode: EvidenceMode;

  constructor(
    private readonly options: PlanMcpServerOptions,
    engine: PlanEngine,
    private readonly locale: Locale,
    /** The calls recorded for a session (its hooks'), read before each of its plan calls. */
    private readonly successes?: (session: PlanKey) => Promise<readonly EvidenceCall[]>,
  ) {
    this.mode = options.evidence ?? engine.evidence;
  }

  /**
   * The gate for one call on the plan at `key` by `session` (the same key unless the plan is
   * a shared list), after taking in the calls recorded since the last one.
   */
  async gateFor(key: PlanKey, session: PlanKey = key) {
    if (this.mode === 'off' && (this.options.verifiers ?? []).length === 0) return undefined;
    const log = this.logFor(key);
    if (this.successes) log.absorb(await this.successes(session));
    return createCompletionGate({
      log,
      evidence: this.mode,
      verifiers: this.options.verifiers,
      verifierTimeoutMs: this.options.verifierTimeoutMs,
      key,
      locale: this.locale,
    });
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
