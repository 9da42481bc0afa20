// What each guard preset costs a model that needs no help, beside what it catches: the
// eval's scenario suite (scripted behaviour models through the real Agent) run once per
// preset and with every guard off, in both languages. The control scenario's overhead
// versus off is the figure an engineer weighing plankeeper for a frontier model asks for;
// the target is standard (every guard on) at most +5% input tokens and no extra call,
// with all seven failure modes still caught.

import { runEval } from '../packages/cli/dist/eval/run-eval.js';
import { printTable, verdict } from './report.mjs';

const TARGET_SHARE = 0.05;

export default async function discipline() {
  for (const lang of ['en', 'zh']) {
    const report = await runEval({ lang, columns: ['off'] });
    const off = report.scenarios.find((scenario) => scenario.id === 'diligent')?.runs.off;
    printTable(
      `Presets on the scenario suite (${lang}; control = a diligent model, baseline = every guard off in the same run)`,
      [
        'preset',
        'failure modes caught',
        'control calls',
        'control input tokens',
        'extra calls',
        'extra tokens',
        'extra %',
        'failure runs: extra calls',
        'failure runs: extra tokens',
      ],
      [
        ['off (baseline)', '0/7', off.calls, off.inputTokens, 0, 0, '0.0%', 0, 0],
        ...report.presets.map((preset) => [
          preset.discipline,
          `${preset.caught}/${preset.failureModes}`,
          preset.control.calls,
          preset.control.inputTokens,
          preset.control.extraCalls,
          preset.control.extraInputTokens,
          `${(preset.control.extraShare * 100).toFixed(1)}%`,
          preset.failureTotals.extraCalls,
          preset.failureTotals.extraInputTokens,
        ]),
      ],
    );
    const standard = report.presets.find((preset) => preset.discipline === 'standard');
    verdict(
      `standard on the control (${lang})`,
      standard.control.extraCalls === 0 &&
        standard.control.extraShare <= TARGET_SHARE &&
        standard.caught === standard.failureModes,
      `${standard.control.extraCalls} extra calls, ${(standard.control.extraShare * 100).toFixed(1)}% extra input tokens (target: 0 and ≤ ${TARGET_SHARE * 100}%), ${standard.caught}/${standard.failureModes} caught`,
    );
  }
}
