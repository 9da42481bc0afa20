/**
 * `plankeeper chat`: talk to a real model through the harness. The plan lives in the
 * store (SQLite under the working directory by default), so `--session ID` picks a
 * conversation's plan back up after the process was stopped or killed (seed 003 §5.6).
 * `/todos` prints the plan without a model call (seed 001's console), `/clear` clears
 * it, `/exit` leaves.
 */
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import type { AgentSession, LocaleId, ToolDefinition } from 'plankeeper';
import { Agent, getLocale, PlanEngine, PlankeeperError, renderPlan } from 'plankeeper';
import { knowledgeSearchTool, workspaceTools } from '../../builtin-tools/index.js';
import { createAgentReporter } from '../agent-reporter.js';
import { CHAT_LABELS } from '../chat-labels.js';
import { CliError } from '../cli-error.js';
import { DISCIPLINE_FLAG_HELP, parseDiscipline } from '../discipline-option.js';
import { EXIT } from '../exit-codes.js';
import { inFlagTerms } from '../flag-wording.js';
import { langOption, parseLang } from '../lang-option.js';
import { modelClientFromFlags } from '../model-option.js';
import { openCliStore, resolveStoreUrl, STORE_FLAG_HELP } from '../store-option.js';
import { createPlanView, inertText } from '../terminal/index.js';

interface ChatFlags {
  model: string;
  baseUrl?: string;
  apiKey?: string;
  session?: string;
  store?: string;
  lang: string;
  knowledge?: string;
  workspace?: string;
  maxSteps: string;
  discipline?: string;
}

export function registerChatCommand(program: Command): void {
  program
    .command('chat')
    .description(
      'Chat with a real model through the harness; /todos shows the plan, /clear clears it, /exit leaves.',
    )
    .option(
      '--model <provider:name>',
      'openai:NAME (any OpenAI-compatible server) or anthropic:NAME',
      process.env.PLANKEEPER_MODEL ?? 'openai:gpt-4o-mini',
    )
    .option(
      '--base-url <url>',
      'API base URL (GLM, DeepSeek, Qwen, Ollama, vLLM...); default from OPENAI_BASE_URL / ANTHROPIC_BASE_URL',
    )
    .option('--api-key <key>', 'API key; default from OPENAI_API_KEY / ANTHROPIC_API_KEY')
    .option('--session <id>', 'conversation id; reuse it to pick up its plan later')
    .option('--store <url>', STORE_FLAG_HELP)
    .addOption(langOption())
    .option('--knowledge <dir>', 'give the model knowledge_search over this folder')
    .option('--workspace <dir>', 'give the model read/write file tools confined to this folder')
    .option('--max-steps <n>', 'model calls per message', '10')
    .option('--discipline <preset>', DISCIPLINE_FLAG_HELP)
    .action(async (flags: ChatFlags) => {
      process.exitCode = await chat(flags);
    });
}

async function chat(flags: ChatFlags): Promise<number> {
  const locale = parseLang(flags.lang);
  const maxSteps = Number(flags.maxSteps);
  if (!Number.isInteger(maxSteps) || maxSteps < 1) {
    throw new CliError(
      `--max-steps: "${flags.maxSteps}" is not a positive whole number.`,
      EXIT.usage,
    );
  }
  const storeUrl = resolveStoreUrl(flags.store);
  const model = await modelClientFromFlags(flags);
  const discipline = parseDiscipline(flags.discipline, model.name);
  const tools = builtinTools(flags, locale);

  const store = await openCliStore(storeUrl);
  const session = flags.session ?? `chat-${randomUUID().slice(0, 8)}`;
  const view = createPlanView({ locale });
  const agent = new Agent({
    name: 'chat',
    model,
    locale,
    tools,
    maxSteps,
    planning: {
      engine: new PlanEngine({ store }),
      tools: 'whole-list',
      ...(discipline && { discipline }),
    },
    observer: createAgentReporter(view, locale),
  });
  const conversation = agent.session(session);
  const say = (text: string) => process.stdout.write(`${text}\n`);
  const words = getLocale(locale);
  const labels = CHAT_LABELS[locale];
  say(labels.banner(model.name, session));
  const resumed = await conversation.plan();
  if (resumed && resumed.items.length > 0) {
    say(renderPlan(resumed.items, { locale: words, notes: true }));
  }
  say('/todos  /clear  /exit');

  let code: number;
  try {
    code = await converse(conversation, agent, view, say, locale);
  } finally {
    view.stop();
    await store.close();
  }
  process.stdout.write('\n');
  return code;
}

/** The tools `--knowledge` and `--workspace` give the model; a bad folder is a usage error. */
function builtinTools(flags: ChatFlags, locale: LocaleId): ToolDefinition[] {
  const tools: ToolDefinition[] = [];
  try {
    if (flags.knowledge) tools.push(knowledgeSearchTool({ root: flags.knowledge, locale }));
    if (flags.workspace) tools.push(...workspaceTools({ root: flags.workspace, locale }));
  } catch (error) {
    if (PlankeeperError.isInstance(error)) throw new CliError(error.message, EXIT.usage);
    throw error;
  }
  return tools;
}

/** Reads lines until /exit or the end of input: slash commands, or messages to the model. */
async function converse(
  conversation: AgentSession,
  agent: Agent,
  view: ReturnType<typeof createPlanView>,
  say: (text: string) => void,
  locale: LocaleId,
): Promise<number> {
  const words = getLocale(locale);
  const labels = CHAT_LABELS[locale];
  const input = createInterface({ input: process.stdin, terminal: false });
  const prompt = () => process.stdout.write('> ');
  prompt();
  let code: number = EXIT.ok;
  try {
    for await (const raw of input) {
      const line = raw.trim();
      if (line === '') {
        prompt();
        continue;
      }
      if (line === '/exit' || line === '/quit') break;
      if (line === '/todos') {
        const plan = await conversation.plan();
        say(renderPlan(plan?.items ?? [], { locale: words, notes: true }));
      } else if (line === '/clear') {
        await agent.engine?.clear(conversation.key);
        say(words.results.cleared);
      } else if (line.startsWith('/')) {
        say(labels.unknownCommand(line));
      } else {
        const result = await conversation.send(line);
        view.stop();
        if (result.error !== null) {
          process.stderr.write(`plankeeper: ${inFlagTerms(result.error)}\n`);
          code = EXIT.runFailed;
        } else {
          // The model's words, shown as text: escape codes in them are printed, not obeyed.
          say(`\n${inertText(result.answer ?? '')}\n`);
        }
      }
      prompt();
    }
  } finally {
    input.close();
  }
  return code;
}
