// What each guard preset costs a model that needs no help, beside what it catches: the
// eval's scenario suite (scripted behaviour models through the real Agent) run once per
// preset and with every guard off, in both languages. The control scenario's overhead
// versus off is the figure an engineer weighing plankeeper for a frontier model asks for;
// the target is standard (every guard on) at most +5% input tokens and no extra call,
// with all seven planning failure modes still caught. The suite's three completion failure
// modes (ticks without doing, claims the tests pass, says done while the check fails) are
// met by the evidence rule, verifiers and checks before done, which no preset turns on (see
// DISCIPLINE_PRESETS), so they are counted apart.

import { runEval } from '../packages/cli/dist/eval/run-eval.js';
import { printTable, verdict } from './report.mjs';

const TARGET_SHARE = 0.05;
const COMPLETION_MODES = new Set([
  'ticks-without-doing',
  'claims-tests-pass',
  'done-while-check-fails',
]);

/** Failure modes a preset catches, planning and completion apart: "7/7 + 0/3". */
function caughtOf(report, discipline) {
  const failing = report.scenarios.filter((scenario) => scenario.runs.off?.passed === false);
  const count = (list) =>
    `${list.filter((scenario) => scenario.presets[discipline]?.passed === true).length}/${list.length}`;
  const planning = failing.filter((scenario) => !COMPLETION_MODES.has(scenario.id));
  const completion = failing.filter((scenario) => COMPLETION_MODES.has(scenario.id));
  return { planning, text: `${count(planning)} + ${count(completion)}`, count };
}

export default async function discipline() {
  for (const lang of ['en', 'zh']) {
    const report = await runEval({ locale: lang, columns: ['off'] });
    const off = report.scenarios.find((scenario) => scenario.id === 'diligent')?.runs.off;
    printTable(
      `Presets on the scenario suite (${lang}; control = a diligent model, baseline = every guard off in the same run)`,
      [
        'preset',
        'caught: planning + completion',
        'control calls',
        'control input tokens',
        'extra calls',
        'extra tokens',
        'extra %',
        'failure runs: extra calls',
        'failure runs: extra tokens',
      ],
      [
        ['off (baseline)', '0/7 + 0/3', off.calls, off.inputTokens, 0, 0, '0.0%', 0, 0],
        ...report.presets.map((preset) => [
          preset.discipline,
          caughtOf(report, preset.discipline).text,
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
    const planning = caughtOf(report, 'standard');
    const planningCaught = planning.planning.every(
      (scenario) => scenario.presets.standard?.passed === true,
    );
    verdict(
      `standard on the control (${lang})`,
      standard.control.extraCalls === 0 &&
        standard.control.extraShare <= TARGET_SHARE &&
        planningCaught,
      `${standard.control.extraCalls} extra calls, ${(standard.control.extraShare * 100).toFixed(1)}% extra input tokens (target: 0 and ≤ ${TARGET_SHARE * 100}%), planning failure modes ${planning.count(planning.planning)} caught`,
    );
  }
}
