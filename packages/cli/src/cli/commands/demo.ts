/**
 * `plankeeper demo`: seed 000's after-sales scenario end to end, with no API key. A
 * deterministic model plans the lookup, searches the bundled knowledge base, gets
 * reminded, updates its plan and answers from what the search returned.
 */
import { statSync } from 'node:fs';
import type { Command } from 'commander';
import type { LocaleId } from 'plankeeper';
import { Agent } from 'plankeeper';
import { knowledgeBaseDir, knowledgeSearchTool } from '../../builtin-tools/index.js';
import { AfterSalesDemoModel } from '../../demo/after-sales-model.js';
import { DEMO_TEXT } from '../../demo/demo-text.js';
import { createAgentReporter } from '../agent-reporter.js';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { langOption, parseLang } from '../lang-option.js';
import { createPlanView, inertText } from '../terminal/index.js';

interface DemoFlags {
  lang: string;
  knowledge?: string;
}

export function registerDemoCommand(program: Command): void {
  program
    .command('demo')
    .description(
      'Watch an agent plan, search, get reminded, update its plan and answer (no API key needed).',
    )
    .addOption(langOption())
    .option(
      '--knowledge <dir>',
      'knowledge base folder to search instead of the bundled after-sales policy',
    )
    .action(async (flags: DemoFlags) => {
      process.exitCode = await runDemo(flags);
    });
}

async function runDemo(flags: DemoFlags): Promise<number> {
  const locale: LocaleId = parseLang(flags.lang);
  const root = flags.knowledge ?? knowledgeBaseDir(locale);
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
    throw new CliError(
      `--knowledge: ${JSON.stringify(root)} is not a folder of .md or .txt files.`,
      EXIT.usage,
    );
  }
  const model = new AfterSalesDemoModel(locale);
  const view = createPlanView({ locale });
  const agent = new Agent({
    name: 'after-sales',
    model,
    locale,
    system: model.system,
    tools: [knowledgeSearchTool({ root, locale })],
    planning: true,
    observer: createAgentReporter(view, locale),
  });
  const write = (text: string) => process.stdout.write(`${text}\n`);
  const { labels } = DEMO_TEXT[locale];
  write(`${labels.customer}: ${model.question}\n`);
  const result = await agent.run(model.question);
  view.stop();
  if (result.error !== null) {
    process.stderr.write(`plankeeper: the run failed: ${result.error}\n`);
    return EXIT.runFailed;
  }
  write(`\n${labels.answer}:\n${inertText(result.answer ?? '')}`);
  write(`\n(${labels.calls(result.steps)})`);
  return EXIT.ok;
}
