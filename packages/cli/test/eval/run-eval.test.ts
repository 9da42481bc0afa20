import type { ModelClient, ModelRequest, ModelResponse } from 'plankeeper';
import { Agent } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { formatEvalReport } from '../../src/eval/format-report.js';
import { planningFor } from '../../src/eval/guard-columns.js';
import { runEval, UnknownScenarioError } from '../../src/eval/run-eval.js';
import { SCENARIOS } from '../../src/eval/scenarios/index.js';
import { ModelError } from '../../src/models/model-error.js';

describe('runEval', () => {
  it('reports each run, what it caught and what it cost, as plain JSON', async () => {
    const report = await runEval({
      scenarios: ['off-target', 'stops-early'],
      columns: ['off', 'goal-check', 'nudge'],
    });
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
    expect(report.source).toEqual({
      kind: 'behaviour-models',
      description: expect.stringContaining('not from a real model'),
    });
    expect(report.lang).toBe('en');
    expect(report.columns).toEqual(['off', 'goal-check', 'nudge']);
    expect(report.scenarios.map((scenario) => scenario.id)).toEqual(['off-target', 'stops-early']);
    const [offTarget] = report.scenarios;
    expect(Object.keys(offTarget!)).toEqual([
      'id',
      'failureMode',
      'behaviour',
      'check',
      'runs',
      'caught',
      'presets',
    ]);
    expect(offTarget!.caught).toEqual({ off: null, 'goal-check': true, nudge: false });
    const goal = offTarget!.runs['goal-check']!;
    const off = offTarget!.runs.off!;
    expect(goal).toEqual({
      passed: true,
      detail: 'answer covers: returns, warranty',
      calls: 7,
      inputTokens: expect.any(Number),
      providerInputTokens: null,
      answer: expect.stringContaining('Cracked screen:'),
      error: null,
      extraCalls: 7 - off.calls,
      extraInputTokens: goal.inputTokens - off.inputTokens,
      wallMs: expect.any(Number),
      // No real folder with a check command in this scenario.
      checks: null,
    });
    expect(report.totals['goal-check']).toEqual({
      extraCalls: report.scenarios.reduce(
        (sum, scenario) => sum + scenario.runs['goal-check']!.extraCalls!,
        0,
      ),
      extraInputTokens: report.scenarios.reduce(
        (sum, scenario) => sum + scenario.runs['goal-check']!.extraInputTokens!,
        0,
      ),
    });
    expect(report.totals.off).toBeNull();
    // Every preset ran every scenario; without the control there is no overhead to tell.
    // No scenario here has a check command, so there is no checks-before-done table.
    expect(report.checks).toEqual([]);
    expect(report.presets.map((preset) => preset.discipline)).toEqual([
      'light',
      'standard',
      'strict',
    ]);
    expect(report.presets[0]).toMatchObject({ caught: 2, failureModes: 2, control: null });
    expect(offTarget!.presets.light).toMatchObject({
      passed: true,
      extraCalls: offTarget!.presets.light!.calls - off.calls,
    });
  });

  it('rejects an unknown scenario, naming the known ones', async () => {
    await expect(runEval({ scenarios: ['nope'] })).rejects.toThrow(UnknownScenarioError);
    await expect(runEval({ scenarios: ['nope'] })).rejects.toThrow(
      'There is no scenario "nope". Scenarios: distraction, never-updates, stops-early, off-target, stale-plan, parallel-writes, write-loop, ticks-without-doing, claims-tests-pass, done-while-check-fails, diligent, diligent-with-check.',
    );
  });

  it('stops on a provider failure instead of scoring it', async () => {
    const failing: ModelClient = {
      name: 'openai:broken',
      async generate() {
        throw new ModelError('OpenAI rejected the API key (401).', {
          provider: 'OpenAI',
          code: 'authentication',
          status: 401,
        });
      },
    };
    await expect(runEval({ model: failing, scenarios: ['off-target'] })).rejects.toThrow(
      'OpenAI rejected the API key (401).',
    );
  });

  it('formats a table that says where the behaviour came from', async () => {
    const report = await runEval({ scenarios: ['stale-plan'] });
    const text = formatEvalReport(report);
    expect(text.split('\n')[0]).toBe(
      'plankeeper eval: guard effectiveness (SCRIPTED BEHAVIOUR MODELS, lang en)',
    );
    expect(text).toMatch(
      /^carries a stale plan into a new question +fails +missed +caught +missed +missed +missed +missed +missed +caught$/m,
    );
    expect(text).toContain('  leftover  PASS  old item not carried, tests run');
    expect(text).toMatch(/^total +\S/m);
  });
});

/** The report with what a rerun does not repeat (wall time, a check's seconds) masked. */
function steady(text: string): string {
  return text
    .replace(/[\d,]+ ms \([+-]?[\d,]+ ms\)/g, 'N ms (±N ms)')
    .replace(/[\d,]+ ms/g, 'N ms')
    .replace(/ +$/gm, '')
    .replace(/ -+$/m, ' ---');
}

describe.each(['en', 'zh'] as const)('checks before done in the eval (%s)', (locale) => {
  it('reports per arm the failures a refused answer fixed, and the cost on the control', async () => {
    const report = await runEval({
      locale,
      scenarios: ['done-while-check-fails', 'diligent-with-check'],
      columns: ['off', 'all', 'checks'],
      presets: [],
    });
    const text = formatEvalReport(report);
    const start = text.indexOf('Checks before done:');
    const table = text.slice(start, text.indexOf('\nRuns\n'));
    expect(steady(table)).toMatchSnapshot();
    expect(text).toMatch(/^says done while the check fails +fails +missed +caught$/m);
    expect(text).toContain('  checks    PASS  the check passes (8 calls,');
  });

  it('the model reads the command, how it ended and the lines that name the fix', async () => {
    const scenario = SCENARIOS.find((candidate) => candidate.id === 'done-while-check-fails')!;
    const prepared = scenario.prepare(locale);
    try {
      const model = prepared.behaviourModel() as ModelClient & { requests: ModelRequest[] };
      const agent = new Agent({
        model,
        system: scenario.system(locale),
        tools: prepared.tools,
        planning: planningFor('checks', prepared.check, prepared.verify),
        maxSteps: scenario.maxSteps,
        locale,
      });
      const result = await agent.session('refused').send(scenario.turns(locale)[0]!);
      expect(prepared.outcome([result])).toEqual({ passed: true, detail: 'the check passes' });
      const refusals = model.requests
        .flatMap((request) => request.messages)
        .filter((message) => message.role === 'user' && message.injected === 'checks');
      // Each request carries the history, so the one refusal shows in every later request.
      expect(new Set(refusals.map((message) => message.content)).size).toBe(1);
      expect(refusals[0]!.content.replace(/\d+\.\d/g, 'N.N')).toMatchSnapshot();
    } finally {
      prepared.dispose();
    }
  });

  it('a model that never fixes the cause is refused three times, then let through with a notice', async () => {
    const report = await runEval({
      locale,
      model: new NeverFixes(),
      scenarios: ['done-while-check-fails'],
    });
    expect(report.columns).toEqual(['off', 'all', 'checks']);
    const { runs } = report.scenarios[0]!;
    expect(runs.off?.checks).toEqual({ runs: [0], refusals: 0, notices: 0 });
    expect(runs.checks).toMatchObject({
      passed: false,
      answer: 'Done.',
      checks: { runs: [1], refusals: 3, notices: 1 },
      // Each refusal is one more model call; the fourth answer goes through.
      extraCalls: 3,
    });
    expect(report.checks.find((arm) => arm.column === 'checks')).toMatchObject({
      caught: 0,
      failureModes: 1,
      refusals: 3,
      control: null,
    });
  });
});

/** A model that writes CHANGES.md wrong once and then only ever answers "Done.". */
class NeverFixes implements ModelClient {
  readonly name = 'scripted:never-fixes';

  async generate(request: ModelRequest): Promise<ModelResponse> {
    const turn = request.messages.findLastIndex(
      (message) => message.role === 'user' && !message.injected,
    );
    const wrote = request.messages
      .slice(turn)
      .some((message) => message.role === 'tool' && message.name === 'write_file');
    if (wrote) return { message: { role: 'assistant', content: 'Done.' }, finishReason: 'stop' };
    const call = {
      id: `call_${request.messages.length}`,
      name: 'write_file',
      arguments: JSON.stringify({ path: 'CHANGES.md', content: '## 2.8.0\n- wrong\n' }),
    };
    return {
      message: { role: 'assistant', content: '', toolCalls: [call] },
      finishReason: 'tool_calls',
    };
  }
}
