/**
 * `plankeeper setup <agent>`: gives a coding agent plankeeper (MCP server + hooks) by merging
 * into its own config files; `--remove` takes out exactly that. The work is loaded only when
 * this command runs, so other commands do not pay for the TOML parser.
 *
 * @example
 * plankeeper setup claude-code
 * plankeeper setup codex --dir ~/src/app --store redis://localhost:6379 --lang zh
 * plankeeper setup gemini --remove
 * plankeeper setup claude-code --approval on-change
 * plankeeper setup codex --plan-file PLAN.md
 * plankeeper setup codex --plan-file BACKLOG.md --max-items 200
 * plankeeper setup claude-code --verify "npm test" --verify "npm run typecheck"
 * plankeeper setup gemini --verify auto --verify-timeout 120
 */
import type { Command } from 'commander';
import { CODING_AGENT_NAMES, type CodingAgentName } from '../../coding-agents/agent-names.js';
import { didYouMean } from '../../coding-agents/did-you-mean.js';
import {
  checkMaxItems,
  MAX_ITEMS_HELP,
  MAX_ITEMS_WITHOUT_PLAN_FILE,
} from '../../coding-agents/plan-file-max-items.js';
import {
  checkCommand,
  checkRefusals,
  checkTimeoutSec,
  LIMITS_WITHOUT_COMMAND,
  valueOr,
} from '../../coding-agents/setup/check-values.js';
import type { SetupOptions } from '../../coding-agents/setup/index.js';
import { checkOptions } from '../check-options.js';
import { CliError } from '../cli-error.js';
import { parseDiscipline } from '../discipline-option.js';
import { EXIT } from '../exit-codes.js';
import { langOption, parseLang } from '../lang-option.js';

/** The coding agents of the registry (coding-agents/agent-names.ts names them). */
const AGENTS = CODING_AGENT_NAMES;

interface SetupFlags {
  dir?: string;
  store?: string;
  lang: string;
  list?: string;
  planFile?: string;
  maxItems?: string;
  evidence?: string;
  /** Repeatable; a string where a caller passes one. */
  verify?: string | string[];
  verifyIn?: string;
  verifyTimeout?: string;
  verifyRefusals?: string;
  approval?: string | boolean;
  discipline?: string;
  remove?: boolean;
}

export function registerSetupCommand(program: Command): void {
  const command = program
    .command('setup')
    .description(
      `Give a coding agent plankeeper: its MCP server and hooks in the agent's config (${AGENTS.join(', ')}).`,
    )
    .argument('<agent>', AGENTS.join(' | '))
    .option('--dir <dir>', 'the project directory (default: the current directory)')
    .option('--store <url>', 'plan store (default: sqlite:<dir>/.plankeeper/plans.db)')
    .addOption(langOption())
    .option(
      '--list <name>',
      'work on this shared list: every session naming it shares one plan, each owning what it starts',
    )
    .option(
      '--plan-file <path>',
      'keep the plan in this Markdown checklist in DIR, which people edit too; every session of every agent set up with it shares it',
    )
    .option('--max-items <n>', `with --plan-file: ${MAX_ITEMS_HELP}`)
    .option('--evidence <level>', 'evidence rule for completions: warn or enforce (default: off)');
  for (const option of checkOptions(
    'DIR',
    'run in DIR before the agent may answer after changing files, and when an item tagged [verify] or the last open item is completed',
  )) {
    command.addOption(option);
  }
  command
    .option(
      '--approval [when]',
      "hold the agent's other tools until a person approves the plan: once (default) or on-change",
    )
    .option(
      '--discipline <preset>',
      'guard preset for the hooks and the MCP server: light, standard or strict (the same rules as in every host)',
    )
    .option('--remove', 'take out what setup added')
    .action(async (agent: string, flags: SetupFlags) => {
      process.stdout.write(await runSetupCommand(agent, flags));
    });
}

export async function runSetupCommand(agent: string, flags: SetupFlags): Promise<string> {
  const options = setupOptions(knownAgent(agent), flags);
  if (!flags.remove && flags.store !== undefined) await checkStore(flags.store.trim());
  const { setup, setupReport, SetupConfigError, StoreUrlError } = await import(
    '../../coding-agents/setup/index.js'
  );
  try {
    return setupReport(setup(options));
  } catch (error) {
    if (error instanceof StoreUrlError) throw new CliError(`--store: ${error.message}`, EXIT.usage);
    if (error instanceof SetupConfigError) {
      throw new CliError(`${error.message} (nothing was written)`, EXIT.config);
    }
    throw error;
  }
}

function knownAgent(agent: string): CodingAgentName {
  if ((AGENTS as readonly string[]).includes(agent)) return agent as CodingAgentName;
  const near = didYouMean(agent, AGENTS);
  throw new CliError(
    `setup: unknown agent "${agent}"; ${near ? `did you mean "${near}"? Use` : 'use'} one of ${AGENTS.join(', ')}.`,
  );
}

/** The flags checked, in the order their errors are reported, as setup's options. */
function setupOptions(agent: CodingAgentName, flags: SetupFlags): SetupOptions {
  const lang = parseLang(flags.lang);
  const list = parseList(flags.list);
  const planFile = parsePlanFile(flags.planFile, list);
  const maxItems = parseMaxItems(flags.maxItems, planFile);
  const evidence = parseEvidence(flags.evidence);
  const checks = parseChecks(flags);
  const approval = parseApproval(flags.approval);
  const discipline = parseDiscipline(flags.discipline);
  return {
    agent,
    ...(flags.dir !== undefined && { dir: flags.dir }),
    ...(flags.store !== undefined && { store: flags.store }),
    locale: lang,
    ...(list !== undefined && { list }),
    ...(planFile !== undefined && { planFile }),
    ...(maxItems !== undefined && { maxItems }),
    ...(evidence !== undefined && { evidence }),
    ...checks,
    ...(approval && { approval }),
    ...(discipline && { discipline }),
    remove: flags.remove ?? false,
  };
}

function parseList(flag: string | undefined): string | undefined {
  const list = flag?.trim();
  if (list !== undefined && (list === '' || list.length > 100 || !/^[\w.:@+-]+$/.test(list))) {
    throw new CliError(
      `--list must be a name of 1 to 100 letters, digits or . _ - : @ +, not ${JSON.stringify(flag)}.`,
      EXIT.usage,
    );
  }
  return list;
}

function parsePlanFile(flag: string | undefined, list: string | undefined): string | undefined {
  const planFile = flag?.trim();
  if (planFile !== undefined && (planFile === '' || list !== undefined)) {
    throw new CliError(
      planFile === ''
        ? '--plan-file needs a path, such as PLAN.md.'
        : '--plan-file names the shared list itself; leave out --list.',
      EXIT.usage,
    );
  }
  return planFile;
}

function parseMaxItems(flag: string | undefined, planFile: string | undefined) {
  if (flag === undefined) return undefined;
  const fail = (problem: string) => new CliError(`setup: ${problem}`, EXIT.usage);
  if (planFile === undefined) throw fail(MAX_ITEMS_WITHOUT_PLAN_FILE);
  return valueOr(checkMaxItems(flag), fail);
}

function parseEvidence(flag: string | undefined): 'warn' | 'enforce' | undefined {
  if (flag !== undefined && flag !== 'warn' && flag !== 'enforce') {
    throw new CliError(
      `setup: --evidence must be warn or enforce, not ${JSON.stringify(flag)}.`,
      EXIT.usage,
    );
  }
  return flag;
}

/** Each `--verify` command and the limits, checked; limits without a command are refused. */
function parseChecks(
  flags: SetupFlags,
): Pick<SetupOptions, 'verify' | 'verifyIn' | 'verifyTimeoutSec' | 'verifyRefusals'> {
  const given = typeof flags.verify === 'string' ? [flags.verify] : (flags.verify ?? []);
  const verify = given.map((each) => valueOr(checkCommand(each), usageError));
  const timeout = flags.verifyTimeout;
  const refusals = flags.verifyRefusals;
  const verifyIn = flags.verifyIn?.trim();
  if (verifyIn === '') throw usageError('--verify-in needs a folder, such as packages/app.');
  const limits = [verifyIn, timeout, refusals];
  if (verify.length === 0 && limits.some((each) => each !== undefined)) {
    throw new CliError(`setup: ${LIMITS_WITHOUT_COMMAND}`, EXIT.usage);
  }
  return {
    ...(verify.length > 0 && { verify }),
    ...(verifyIn !== undefined && { verifyIn }),
    ...(timeout !== undefined && {
      verifyTimeoutSec: valueOr(checkTimeoutSec(timeout), usageError),
    }),
    ...(refusals !== undefined && { verifyRefusals: valueOr(checkRefusals(refusals), usageError) }),
  };
}

/** `--approval` alone means once. */
function parseApproval(flag: string | boolean | undefined): 'once' | 'on-change' | undefined {
  const approval = flag === true ? 'once' : flag;
  if (approval === undefined || approval === false) return undefined;
  if (approval !== 'once' && approval !== 'on-change') {
    throw new CliError(`--approval: "${approval}" is neither once nor on-change.`, EXIT.usage);
  }
  return approval;
}

/**
 * A Redis or PostgreSQL store is opened once before anything is written, so a dead server or
 * a wrong password is one line (the URL's password masked) and exit 3, not hooks that fail
 * open on every call afterwards. SQLite and memory need no server.
 */
async function checkStore(url: string): Promise<void> {
  if (!/^(redis|rediss|postgres|postgresql):/i.test(url)) return;
  const { openCliStore } = await import('../store-option.js');
  const store = await openCliStore(url);
  await store.close();
}

function usageError(problem: string): Error {
  return new CliError(`setup: ${problem}`, EXIT.usage);
}
