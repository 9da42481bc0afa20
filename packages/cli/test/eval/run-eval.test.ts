import type { ModelClient } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { formatEvalReport } from '../../src/eval/format-report.js';
import { runEval, UnknownScenarioError } from '../../src/eval/run-eval.js';
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
      'There is no scenario "nope". Scenarios: distraction, never-updates, stops-early, off-target, stale-plan, parallel-writes, write-loop, ticks-without-doing, claims-tests-pass, diligent.',
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
