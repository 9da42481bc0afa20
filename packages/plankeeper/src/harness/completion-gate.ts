/**
 * The gate a host hands each plan write (see engine/evidence.ts), built from its evidence
 * log and verifiers. PlanHarness builds one per tool call; the MCP server, which runs no
 * other tools, builds one per call from the calls its coding agent's hooks recorded.
 */
import type { CompletionGate, CompletionVerdicts, EvidenceMode } from '../engine/evidence.js';
import type { PlanEngine } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import type { Locale } from '../locale/locale.js';
import { type CheckEvidenceOptions, checkEvidence } from './check-evidence.js';
import type { EvidenceLog } from './evidence-log.js';
import {
  type CompletionVerifier,
  DEFAULT_VERIFIER_TIMEOUT_MS,
  runVerifiers,
  type VerifierSpec,
} from './verifiers.js';

export interface CompletionGateOptions {
  log: EvidenceLog;
  evidence: EvidenceMode;
  verifiers?: readonly (CompletionVerifier | VerifierSpec)[] | undefined;
  verifierTimeoutMs?: number | undefined;
  key: PlanKey;
  locale: Locale;
  /**
   * `evidenceFrom: 'checks'` (check-evidence.ts): the person's checks must pass for each
   * completion, and they stand in for the calls the evidence rule would ask for.
   */
  checkEvidence?: VerifierSpec | undefined;
}

/** The gate for one write; undefined when neither the evidence rule nor a verifier is on. */
export function createCompletionGate(options: CompletionGateOptions): CompletionGate | undefined {
  const { log, key, locale, checkEvidence } = options;
  const evidence = checkEvidence ? 'off' : options.evidence;
  const verifiers = [...(options.verifiers ?? []), ...(checkEvidence ? [checkEvidence] : [])];
  if (evidence === 'off' && verifiers.length === 0) return undefined;
  const timeoutMs = options.verifierTimeoutMs ?? DEFAULT_VERIFIER_TIMEOUT_MS;
  // One verdict per item and reason: a write decided again after a concurrent change does
  // not run a slow check (a test run) twice.
  const verdicts = new Map<string, Promise<CompletionVerdicts>>();
  return {
    evidence,
    callsFor: (item, started) => log.callsFor(item, started),
    written: (items) => log.written(items),
    ...(verifiers.length > 0 && {
      async verify(completions, write) {
        const all: CompletionVerdicts = { refusals: [], checks: [] };
        // One at a time: two checks of one write (a test run each) would race each other.
        for (const completion of completions) {
          const id = `${completion.item.id}\u0000${completion.item.note ?? ''}`;
          let verdict = verdicts.get(id);
          if (!verdict) {
            verdict = runVerifiers(verifiers, [completion], { key, locale, ...write }, timeoutMs);
            verdicts.set(id, verdict);
          }
          const { refusals, checks } = await verdict;
          all.refusals.push(...refusals);
          all.checks.push(...checks);
        }
        return all;
      },
    }),
  };
}

/** What a host's options say about its completions (PlanHarness's HarnessOptions). */
export interface CompletionOptions extends CheckEvidenceOptions {
  verifiers?: readonly (CompletionVerifier | VerifierSpec)[] | undefined;
  verifierTimeoutMs?: number | undefined;
}

/**
 * A host's gate for each write, from its options: the `evidenceFrom: 'checks'` verifier is
 * made once (a malformed option throws now, when the host is made), since it remembers the
 * last pass it saw.
 */
export function completionGates(
  options: CompletionOptions,
  log: EvidenceLog,
  locale: Locale,
  host: { engine: PlanEngine; key: PlanKey },
): () => CompletionGate | undefined {
  const { engine, key } = host;
  const checks = checkEvidence(options, engine);
  return () =>
    createCompletionGate({
      log,
      evidence: options.evidence ?? engine.evidence,
      verifiers: options.verifiers,
      verifierTimeoutMs: options.verifierTimeoutMs,
      key,
      locale,
      checkEvidence: checks,
    });
}
