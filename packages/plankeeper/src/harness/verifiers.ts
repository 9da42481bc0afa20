/**
 * Completion verifiers: host checks that can refuse a completion with a text the model
 * reads as its correction. A verifier answers `true` to let the completion through, or a
 * string to refuse it; one that throws or runs out of time refuses too, with a clear
 * result, and the plan stays as it was. Built-ins: `requireTool` (a named tool must have
 * succeeded since the item started) and `requireCitedCall` (the reason must name a call).
 *
 * @example
 * const harness = new PlanHarness({ engine, key, verifiers: [requireTool('run_tests')] });
 */
import type { CheckRecord, CheckResult } from '../engine/check-record.js';
import type {
  Completion,
  CompletionCheck,
  CompletionContext,
  CompletionVerdicts,
} from '../engine/evidence.js';
import type { PlanKey } from '../engine/plan-key.js';
import type { TodoItem } from '../engine/todo-item.js';
import type { Locale } from '../locale/locale.js';

/** What a verifier is told: the item's tool history since it started, the reason, and the model's language. */
export interface VerifierContext extends CompletionContext {
  locale: Locale;
  /** Aborted when the verifier's time is up: stop what it started (a process, a request). */
  signal: AbortSignal;
}

/** A pass shown by a check's run: the completion's evidence keeps `check`. */
export interface VerifiedByCheck {
  check: CheckResult | CheckRecord;
}

export type VerifierVerdict = true | string | VerifiedByCheck;

/**
 * `true` lets the completion through; a string refuses it with that text for the model;
 * `{ check }` lets it through and names the check run that verified it.
 */
export type CompletionVerifier = (
  item: TodoItem,
  context: VerifierContext,
) => VerifierVerdict | Promise<VerifierVerdict>;

/** A verifier with its own time limit (a test run may need longer than the default). */
export interface VerifierSpec {
  verify: CompletionVerifier;
  timeoutMs?: number;
}

/** Default time a verifier may take before the completion is refused as unchecked. */
export const DEFAULT_VERIFIER_TIMEOUT_MS = 60_000;

/**
 * Refuses unless one of `tools` succeeded since the item started (e.g. the test runner). A
 * check of one item's work: an item cancelled or removed to end the plan passes.
 */
export function requireTool(...tools: string[]): CompletionVerifier {
  return (_item, { calls, locale, closesPlan }) =>
    closesPlan === true ||
    calls.some((call) => tools.includes(call.tool)) ||
    locale.evidence.toolMissing(tools);
}

/** Refuses unless the completion reason names one of the calls that count, by tool name or call id. */
export function requireCitedCall(): CompletionVerifier {
  return (_item, { calls, reason, locale, closesPlan }) => {
    if (closesPlan) return true;
    const text = (reason ?? '').toLowerCase();
    const cited = calls.some(
      (call) =>
        text.includes(call.tool.toLowerCase()) ||
        (call.callId !== undefined && text.includes(call.callId.toLowerCase())),
    );
    return cited || locale.evidence.citeCall([...new Set(calls.map((call) => call.tool))]);
  };
}

/**
 * Runs every verifier over every completion, in order; the first refusal of an item is
 * its answer, and the last check a verifier handed back for a passing item is its evidence.
 * Never throws: a verifier's error or timeout becomes that item's refusal.
 */
export async function runVerifiers(
  verifiers: readonly (CompletionVerifier | VerifierSpec)[],
  completions: readonly Completion[],
  base: { key: PlanKey; tool: string; openAfter: number; locale: Locale },
  defaultTimeoutMs = DEFAULT_VERIFIER_TIMEOUT_MS,
): Promise<CompletionVerdicts> {
  const verdicts: CompletionVerdicts = { refusals: [], checks: [] };
  for (const completion of completions) {
    const { item, calls } = completion;
    let check: CompletionCheck | undefined;
    for (const entry of verifiers) {
      const spec = typeof entry === 'function' ? { verify: entry } : entry;
      const verdict = await settle(
        spec,
        item,
        {
          ...base,
          reason: item.note,
          calls,
          ...(completion.was && { was: completion.was }),
          ...(completion.closesPlan && { closesPlan: true as const }),
        },
        spec.timeoutMs ?? defaultTimeoutMs,
      );
      if (typeof verdict === 'string') {
        verdicts.refusals.push({ id: item.id, reason: verdict });
        check = undefined;
        break;
      }
      if (verdict !== true) check = { id: item.id, check: verdict.check };
    }
    if (check) verdicts.checks.push(check);
  }
  return verdicts;
}

async function settle(
  spec: VerifierSpec,
  item: TodoItem,
  base: Omit<VerifierContext, 'signal'>,
  timeoutMs: number,
): Promise<VerifierVerdict> {
  const controller = new AbortController();
  const context: VerifierContext = { ...base, signal: controller.signal };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(context.locale.evidence.verifierTimedOut(Math.ceil(timeoutMs / 1000)));
    }, timeoutMs);
  });
  try {
    // A copy: a verifier cannot change the item it judges.
    const verdict = await Promise.race([spec.verify({ ...item }, context), timeout]);
    if (verdict === true) return true;
    if (typeof verdict === 'string' && verdict.trim() !== '') return verdict.trim();
    if (isVerifiedByCheck(verdict)) return { check: verdict.check };
    return context.locale.evidence.verifierFailed(`returned ${JSON.stringify(verdict)}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return context.locale.evidence.verifierFailed(message.split('\n')[0]!.slice(0, 200));
  } finally {
    clearTimeout(timer);
  }
}

function isVerifiedByCheck(verdict: unknown): verdict is VerifiedByCheck {
  const check = (verdict as Partial<VerifiedByCheck> | null)?.check;
  return typeof check?.command === 'string' && typeof check.outcome === 'string';
}
