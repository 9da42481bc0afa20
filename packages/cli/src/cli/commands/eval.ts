/**
 * `plankeeper eval`: which guard catches which failure mode, and at what cost. Runs the
 * scenario suite with scripted behaviour models, or (with --model) the same tasks
 * against a real model, and prints a table or, with --json, one JSON document.
 */
import type { Command } from 'commander';
import type { LocaleId, ModelClient } from 'plankeeper';
import type { EvalReport } from '../../eval/run-eval.js';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { langOption, parseLang } from '../lang-option.js';
import { modelClientFromFlags } from '../model-option.js';

interface EvalFlags {
  lang: string;
  json?: boolean;
  model?: string;
  baseUrl?: string;
  apiKey?: string;
  scenario?: string[];
}

export function registerEvalCommand(program: Command): void {
  program
    .command('eval')
    .description(
      'Measure which guards catch which failure modes, and what each costs in model calls and tokens (scripted behaviour models; --model for a real one).',
    )
    .addOption(langOption())
    .option('--json', 'print the report as one JSON document')
    .option(
      '--model <spec>',
      'run the scenarios against a real model: openai:NAME (or any OpenAI-compatible server with --base-url) or anthropic:NAME',
    )
    .option('--base-url <url>', 'the model provider endpoint (with --model)')
    .option('--api-key <key>', 'the provider API key (with --model; default from the environment)')
    .option('--scenario <id...>', 'run only these scenarios')
    .action(async (flags: EvalFlags) => {
      process.exitCode = await runEvalCommand(flags);
    });
}

async function runEvalCommand(flags: EvalFlags): Promise<number> {
  const lang: LocaleId = parseLang(flags.lang);
  // Loaded here, not at startup: the tokenizer and the scenarios take most of a second,
  // which no other command should pay.
  const [{ runEval, UnknownScenarioError }, { formatEvalReport }] = await Promise.all([
    import('../../eval/run-eval.js'),
    import('../../eval/format-report.js'),
  ]);
  const model = flags.model === undefined ? undefined : await realModel(flags);
  if (model === undefined && (flags.baseUrl !== undefined || flags.apiKey !== undefined)) {
    throw new CliError('--base-url and --api-key need --model.', EXIT.usage);
  }
  const progress = model
    ? (scenario: { id: string }, column: string, run: { passed: boolean; calls: number }) =>
        process.stderr.write(
          `plankeeper eval: ${scenario.id} / ${column}: ${run.passed ? 'pass' : 'fail'} (${run.calls} calls)\n`,
        )
    : undefined;
  let report: EvalReport;
  try {
    report = await runEval({
      locale: lang,
      ...(model && { model }),
      ...(flags.scenario && { scenarios: flags.scenario }),
      ...(progress && { onRun: progress }),
    });
  } catch (error) {
    if (UnknownScenarioError.isInstance(error)) throw new CliError(error.message, EXIT.usage);
    throw error;
  }
  process.stdout.write(
    flags.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatEvalReport(report)}\n`,
  );
  return EXIT.ok;
}

function realModel(flags: EvalFlags): Promise<ModelClient> {
  return modelClientFromFlags({
    model: flags.model as string,
    baseUrl: flags.baseUrl,
    apiKey: flags.apiKey,
  });
}
