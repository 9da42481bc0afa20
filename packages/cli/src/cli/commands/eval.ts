/**
 * `plankeeper eval`: which guard catches which failure mode, and at what cost. Runs the
 * scenario suite with scripted behaviour models, or (with --model) the same tasks
 * against a real model, and prints a table or, with --json, one JSON document. With
 * --suite, the person's own tasks, arm against arm (eval-suite.ts).
 */
import type { Command } from 'commander';
import type { LocaleId, ModelClient } from 'plankeeper';
import { CODING_AGENT_NAMES } from '../../coding-agents/agent-names.js';
import type { EvalReport } from '../../eval/run-eval.js';
import { SUITE_ARMS } from '../../eval/suite/suite-arms.js';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { langOption, parseLang } from '../lang-option.js';
import { modelClientFromFlags } from '../model-option.js';
import { givenOnce, SUITE_ONLY_FLAGS, type SuiteFlagValues } from './eval-suite-flags.js';

interface EvalFlags extends SuiteFlagValues {
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
      'run the scenarios (or --suite) against a real model: openai:NAME (or any OpenAI-compatible server with --base-url; with --suite, NAME alone) or anthropic:NAME',
    )
    .option('--base-url <url>', 'the model provider endpoint (with --model)')
    .option('--api-key <key>', 'the provider API key (with --model; default from the environment)')
    .option('--scenario <id...>', 'run only these scenarios')
    .option(
      '--suite <dir>',
      'run your own tasks: a folder of task folders (task.md, files/, check); starter for the tasks plankeeper ships',
      givenOnce('--suite'),
    )
    .option(
      '--arms <list>',
      `arms to compare, comma-separated: ${SUITE_ARMS.join(', ')} (default off,standard)`,
    )
    .option('--reps <n>', 'runs of every task in every arm (default 1)')
    .option('--concurrency <n>', 'runs at the same time (default 1)')
    .option(
      '--retries <n>',
      'retries of a run after a rate limit, server error or refused connection (default 3)',
    )
    .option('--price-in <usd>', 'price per million input tokens, for the cost column')
    .option('--price-out <usd>', 'price per million output tokens, for the cost column')
    .option('--out <file>', 'keep the JSON report in this file, written after every run')
    .option('--resume <file>', 'continue the report in this file, skipping the runs it holds')
    .option('--html <file>', 'also write the report as a self-contained HTML page')
    .option(
      '--agent <name>',
      `run the tasks in a coding agent's CLI (${CODING_AGENT_NAMES.join(', ')}) instead of plankeeper's own loop`,
    )
    .action(async (flags: EvalFlags) => {
      process.exitCode = await runEvalCommand(flags);
    });
}

async function runEvalCommand(flags: EvalFlags): Promise<number> {
  const lang: LocaleId = parseLang(flags.lang);
  if (flags.suite !== undefined) {
    if (flags.scenario)
      throw new CliError('--scenario and --suite do not go together: pick one.', EXIT.usage);
    const { runEvalSuiteCommand } = await import('./eval-suite.js');
    return runEvalSuiteCommand({ ...flags, suite: flags.suite }, lang);
  }
  const suiteOnly = SUITE_ONLY_FLAGS.find(([key]) => flags[key] !== undefined);
  if (suiteOnly) throw new CliError(`${suiteOnly[1]} needs --suite DIR.`, EXIT.usage);
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
