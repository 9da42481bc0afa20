/**
 * `evidenceFrom: 'checks'`: under `evidence: 'enforce'`, a completion counts only when the
 * person's check commands pass on the workspace as it is now. The plan's last check counts
 * when it passed on this very workspace (its fingerprint is unchanged); otherwise the checks
 * run at the completion, and a pass is kept as the completion's evidence. Ending the plan by
 * cancelling or removing its last item completes nothing, so nothing is checked then.
 *
 * @example
 * new PlanHarness({ engine, key, evidence: 'enforce', evidenceFrom: 'checks', verify: 'npm test' });
 */
import { CheckGate } from '../checks/check-gate.js';
import { decisiveResult } from '../checks/check-result.js';
import { checkSettings, type VerifyOption } from '../checks/check-settings.js';
import type { CheckRecord, CheckResult } from '../engine/check-record.js';
import { ConfigurationError } from '../engine/errors.js';
import type { EvidenceMode, EvidenceSource } from '../engine/evidence.js';
import type { PlanEngine } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import type { VerifierSpec } from './verifiers.js';

/** A passing run with the workspace it ran on. */
type Pass = (CheckResult | CheckRecord) & { workspace?: string };

/** The host option (PlanHarness, every adapter that takes HarnessOptions). */
export interface EvidenceSourceOption {
  /**
   * What counts as evidence under `evidence: 'enforce'`: `calls` (default), or `checks`: a
   * pass of `verify` on the workspace as it is at the completion.
   */
  evidenceFrom?: EvidenceSource;
}

export interface CheckEvidenceOptions {
  evidence?: EvidenceMode | undefined;
  evidenceFrom?: EvidenceSource | undefined;
  verify?: VerifyOption | undefined;
}

/**
 * The verifier `evidenceFrom: 'checks'` asks for, or undefined for the default (calls); one
 * serves every plan of a host (it reads the completed plan's last check by its key).
 */
export function checkEvidence(
  options: CheckEvidenceOptions,
  engine: PlanEngine,
): VerifierSpec | undefined {
  const { evidenceFrom } = options;
  if (evidenceFrom === undefined || evidenceFrom === 'calls') return undefined;
  if (evidenceFrom !== 'checks') {
    throw new ConfigurationError(
      `evidenceFrom must be 'calls' or 'checks', got ${JSON.stringify(evidenceFrom)}.`,
    );
  }
  const settings = checkSettings(options.verify);
  if (settings === undefined) {
    throw new ConfigurationError(
      "evidenceFrom: 'checks' needs verify, the person's check command (such as \"npm test\").",
    );
  }
  if ((options.evidence ?? engine.evidence) !== 'enforce') {
    throw new ConfigurationError("evidenceFrom: 'checks' goes with evidence: 'enforce'.");
  }
  const gate = new CheckGate(settings);
  /** The last pass this host saw, so several completions on one workspace run the checks once. */
  let recent: Pass | undefined;
  const lastPass = async (key: PlanKey, workspace: string) => {
    const last = (await engine.store.get(key))?.record.lastCheck;
    for (const check of [last, recent]) {
      if (check?.outcome === 'passed' && check.workspace === workspace) return check;
    }
    return undefined;
  };
  return {
    timeoutMs: gate.timeoutMs + 5_000,
    async verify(_item, { closesPlan, signal, locale, key }) {
      if (closesPlan) return true;
      const workspace = await gate.state();
      const kept = await lastPass(key, workspace);
      if (kept) return { check: kept };
      const run = await gate.run(signal);
      const decisive = decisiveResult(run)!;
      if (run.ok && decisive.outcome === 'passed') {
        recent = { ...decisive, workspace };
        return { check: recent };
      }
      if (decisive.outcome === 'timed-out') {
        const limit = settings.commands.find((check) => check.command === decisive.command);
        return locale.evidence.commandTimedOut(
          decisive.command,
          Math.ceil((limit?.timeoutMs ?? decisive.durationMs) / 1000),
        );
      }
      // A check that cannot start shows nothing passed: under enforce it cannot count.
      return locale.evidence.commandFailed(decisive.command, decisive.exit ?? 127, decisive.tail);
    },
  };
}
