/**
 * One scenario under one guard column or preset: a real Agent session with a fresh
 * environment, scored by the scenario's own outcome check and measured in calls and tokens.
 */
import type {
  AgentSession,
  LocaleId,
  ModelClient,
  ModelRequest,
  ModelResponse,
  PlanningOptions,
  RunResult,
} from 'plankeeper';
import { Agent, getLocale } from 'plankeeper';
import type { RunReport } from './eval-report.js';
import type { CheckCommandIn, EnvironmentCheck } from './guard-columns.js';
import { measureCalls } from './prompt-metrics.js';
import type { PreparedScenario, Scenario } from './scenario.js';

export async function runScenario(
  scenario: Scenario,
  label: string,
  /**
   * The planning options, given the scenario's own check (for the verifier column) and its
   * check command in its real folder (for the checks column).
   */
  planning: (
    check: EnvironmentCheck | undefined,
    verify: CheckCommandIn | undefined,
  ) => PlanningOptions,
  lang: LocaleId,
  realModel: ModelClient | undefined,
): Promise<RunReport> {
  const prepared = scenario.prepare(lang);
  try {
    return await runPrepared(scenario, prepared, label, planning, lang, realModel);
  } finally {
    prepared.dispose();
  }
}

async function runPrepared(
  scenario: Scenario,
  prepared: PreparedScenario,
  label: string,
  planning: Parameters<typeof runScenario>[2],
  lang: LocaleId,
  realModel: ModelClient | undefined,
): Promise<RunReport> {
  const model = new FailureRecordingModel(realModel ?? prepared.behaviourModel());
  const notices: string[] = [];
  const options = planning(prepared.check, prepared.verify);
  const agent = new Agent({
    name: 'eval',
    model,
    system: scenario.system(lang),
    tools: prepared.tools,
    // What the person would be told goes into the report, not onto the eval's terminal.
    planning: options.verify ? { ...options, onNotice: (text) => notices.push(text) } : options,
    maxSteps: scenario.maxSteps,
    locale: lang,
  });
  const session = agent.session(`${scenario.id}-${label}`);
  const { results, runsPerTurn, wallMs } = await sendTurns(
    session,
    scenario.turns(lang),
    prepared,
    model,
  );
  const outcome = prepared.outcome(results);
  const metrics = measureCalls(
    results.flatMap((result) => result.calls),
    getLocale(lang),
  );
  const providerTokens = results.reduce((sum, result) => sum + result.usage.inputTokens, 0);
  const last = results.at(-1);
  return {
    passed: outcome.passed,
    detail: outcome.detail,
    calls: metrics.calls,
    inputTokens: metrics.inputTokens,
    providerInputTokens: providerTokens > 0 ? providerTokens : null,
    answer: last?.answer ?? null,
    error: results.find((result) => result.error !== null)?.error ?? null,
    extraCalls: null,
    extraInputTokens: null,
    wallMs,
    checks: prepared.checkRuns
      ? { runs: runsPerTurn, refusals: refusalsIn(results), notices: notices.length }
      : null,
  };
}

/** Every user turn in one session, with the check's runs in each and the wall time of all. */
async function sendTurns(
  session: AgentSession,
  turns: readonly string[],
  prepared: PreparedScenario,
  model: FailureRecordingModel,
): Promise<{ results: RunResult[]; runsPerTurn: number[]; wallMs: number }> {
  const results: RunResult[] = [];
  const runsPerTurn: number[] = [];
  const started = performance.now();
  for (const [index, task] of turns.entries()) {
    prepared.beginTurn(index + 1);
    const runsBefore = prepared.checkRuns?.() ?? 0;
    const result = await session.send(task);
    // A provider failure says nothing about the guards: stop rather than score it.
    if (model.failure !== undefined) throw model.failure;
    results.push(result);
    runsPerTurn.push((prepared.checkRuns?.() ?? 0) - runsBefore);
  }
  return { results, runsPerTurn, wallMs: Math.round(performance.now() - started) };
}

/** Answers refused by the person's check, over the whole session. */
function refusalsIn(results: readonly RunResult[]): number {
  const messages = results.at(-1)?.messages ?? [];
  return messages.filter((message) => message.role === 'user' && message.injected === 'checks')
    .length;
}

/** Passes calls through and keeps the first error the model client threw. */
class FailureRecordingModel implements ModelClient {
  failure: unknown;

  constructor(private readonly inner: ModelClient) {}

  get name(): string {
    return this.inner.name;
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    try {
      return await this.inner.generate(request);
    } catch (error) {
      this.failure ??= error;
      throw error;
    }
  }
}
