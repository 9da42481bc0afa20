/**
 * The gate a host hands each plan write (see engine/evidence.ts), built from its evidence
 * log and verifiers. PlanHarness builds one per tool call; the MCP server, which runs no
 * other tools, builds one per call from the calls its coding agent's hooks recorded.
 */
import type { CompletionGate, CompletionRefusal, EvidenceMode } from '../engine/evidence.js';
import type { PlanKey } from '../engine/plan-key.js';
import type { Locale } from '../locale/locale.js';
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
}

/** The gate for one write; undefined when neither the evidence rule nor a verifier is on. */
export function createCompletionGate(options: CompletionGateOptions): CompletionGate | undefined {
  const { log, evidence, key, locale } = options;
  const verifiers = options.verifiers ?? [];
  if (evidence === 'off' && verifiers.length === 0) return undefined;
  const timeoutMs = options.verifierTimeoutMs ?? DEFAULT_VERIFIER_TIMEOUT_MS;
  // One verdict per item and reason: a write decided again after a concurrent change does
  // not run a slow check (a test run) twice.
  const verdicts = new Map<string, Promise<CompletionRefusal[]>>();
  return {
    evidence,
    callsFor: (item, started) => log.callsFor(item, started),
    written: (items) => log.written(items),
    ...(verifiers.length > 0 && {
      async verify(completions, write) {
        const refusals: CompletionRefusal[] = [];
        // One at a time: two checks of one write (a test run each) would race each other.
        for (const completion of completions) {
          const id = `${completion.item.id}\u0000${completion.item.note ?? ''}`;
          let verdict = verdicts.get(id);
          if (!verdict) {
            verdict = runVerifiers(verifiers, [completion], { key, locale, ...write }, timeoutMs);
            verdicts.set(id, verdict);
          }
          refusals.push(...(await verdict));
        }
        return refusals;
      },
    }),
  };
}
