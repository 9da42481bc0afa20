/**
 * `plankeeper run --script FILE`: replay a scripted model against the real harness.
 * `--json` prints one document (messages, plan, result, error, plus every call's input);
 * otherwise the run is shown live like the demo, each turn's task and answer in order.
 */
import type { Command } from 'commander';
import { DISCIPLINES } from 'plankeeper/rules';
import { createAgentReporter } from '../agent-reporter.js';
import { parseDiscipline } from '../discipline-option.js';
import { EXIT } from '../exit-codes.js';
import { parseLang } from '../lang-option.js';
import { loadScript } from '../script/load-script.js';
import { RUN_LABELS } from '../script/run-labels.js';
import { runScript, scriptLocale } from '../script/run-script.js';
import { createPlanView } from '../terminal/index.js';

interface RunFlags {
  script: string;
  json?: boolean;
  lang?: string;
  discipline?: string;
  verify: string[];
}

export function registerRunCommand(program: Command): void {
  program
    .command('run')
    .description(
      'Replay a scripted model against the real harness (see the script format in the README).',
    )
    .requiredOption(
      '--script <file>',
      'script file: {"task", "steps"} or {"turns": [...]}, with optional "options"',
    )
    .option('--json', 'print one JSON document: messages, plan, result, error, calls, turns')
    .option(
      '--lang <lang>',
      "language of everything the model sees: en or zh (default: the script's, else en)",
    )
    .option(
      '--discipline <preset>',
      `guard preset: ${DISCIPLINES.join(', ')} (default: the script's options.discipline, else standard)`,
    )
    .option(
      '--verify <command>',
      "a check command, run here when the model answers after a change and at the last completion (repeatable; replaces the script's options.verify)",
      (command: string, commands: string[]) => [...commands, command],
      [],
    )
    .action(async (flags: RunFlags) => {
      process.exitCode = await runCommand(flags);
    });
}

async function runCommand(flags: RunFlags): Promise<number> {
  const script = loadScript(flags.script);
  const lang = flags.lang === undefined ? undefined : parseLang(flags.lang);
  const discipline = parseDiscipline(flags.discipline);
  const verify = flags.verify.length > 0 ? { verify: flags.verify } : {};
  if (flags.json) {
    const report = await runScript(script, {
      file: flags.script,
      ...verify,
      ...(lang && { locale: lang }),
      ...(discipline && { discipline }),
    });
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return report.error === null ? EXIT.ok : EXIT.runFailed;
  }
  const locale = lang ?? (script.options && scriptLocale(script.options)) ?? 'en';
  const labels = RUN_LABELS[locale];
  const view = createPlanView({ locale });
  let firstTurn = true;
  // Every turn's task and answer, in order: a conversation is read turn by turn.
  const report = await runScript(script, {
    file: flags.script,
    ...verify,
    locale,
    ...(discipline && { discipline }),
    observer: createAgentReporter(view, locale),
    onTurnStart: (task) => {
      view.logLine(`${firstTurn ? '' : '\n'}${labels.task}: ${task}`);
      firstTurn = false;
    },
    onTurnEnd: (turn) => {
      if (turn.result !== null) view.logLine(`\n${labels.answer}:\n${turn.result}`);
    },
  });
  view.stop();
  if (report.error !== null) {
    process.stderr.write(`plankeeper: the run failed: ${report.error}\n`);
    return EXIT.runFailed;
  }
  return EXIT.ok;
}
