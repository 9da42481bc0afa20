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
 */
import type { Command } from 'commander';
import { CODING_AGENT_NAMES, type CodingAgentName } from '../../coding-agents/agent-names.js';
import { CliError } from '../cli-error.js';
import { didYouMean } from '../did-you-mean.js';
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
  evidence?: string;
  verify?: string;
  approval?: string | boolean;
  discipline?: string;
  remove?: boolean;
}

export function registerSetupCommand(program: Command): void {
  program
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
    .option('--evidence <level>', 'evidence rule for completions: warn or enforce (default: off)')
    .option(
      '--verify <command>',
      'check command run in DIR when an item tagged [verify] or the last open item is completed',
    )
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
  if (!(AGENTS as readonly string[]).includes(agent)) {
    const near = didYouMean(agent, AGENTS);
    throw new CliError(
      `setup: unknown agent "${agent}"; ${near ? `did you mean "${near}"? Use` : 'use'} one of ${AGENTS.join(', ')}.`,
    );
  }
  const lang = parseLang(flags.lang);
  const list = flags.list?.trim();
  if (list !== undefined && (list === '' || list.length > 100 || !/^[\w.:@+-]+$/.test(list))) {
    throw new CliError(
      `--list must be a name of 1 to 100 letters, digits or . _ - : @ +, not ${JSON.stringify(flags.list)}.`,
      EXIT.usage,
    );
  }
  const planFile = flags.planFile?.trim();
  if (planFile !== undefined && (planFile === '' || list !== undefined)) {
    throw new CliError(
      planFile === ''
        ? '--plan-file needs a path, such as PLAN.md.'
        : '--plan-file names the shared list itself; leave out --list.',
      EXIT.usage,
    );
  }
  if (flags.evidence !== undefined && flags.evidence !== 'warn' && flags.evidence !== 'enforce') {
    throw new CliError(
      `setup: --evidence must be warn or enforce, not ${JSON.stringify(flags.evidence)}.`,
      EXIT.usage,
    );
  }
  const verify = flags.verify?.trim();
  if (flags.verify !== undefined && !verify) {
    throw new CliError('setup: --verify needs a command, such as "npm test".', EXIT.usage);
  }
  const approval = flags.approval === true ? 'once' : flags.approval;
  if (
    approval !== undefined &&
    approval !== false &&
    approval !== 'once' &&
    approval !== 'on-change'
  ) {
    throw new CliError(`--approval: "${approval}" is neither once nor on-change.`, EXIT.usage);
  }
  const discipline = parseDiscipline(flags.discipline);
  if (!flags.remove && flags.store !== undefined) await checkStore(flags.store.trim());
  const { setup, setupReport, SetupConfigError, StoreUrlError } = await import(
    '../../coding-agents/setup/index.js'
  );
  try {
    const outcome = setup({
      agent: agent as CodingAgentName,
      ...(flags.dir !== undefined && { dir: flags.dir }),
      ...(flags.store !== undefined && { store: flags.store }),
      lang,
      ...(list !== undefined && { list }),
      ...(planFile !== undefined && { planFile }),
      ...(flags.evidence !== undefined && { evidence: flags.evidence as 'warn' | 'enforce' }),
      ...(verify && { verify }),
      ...(approval && { approval }),
      ...(discipline && { discipline }),
      remove: flags.remove ?? false,
    });
    return setupReport(outcome);
  } catch (error) {
    if (error instanceof StoreUrlError) throw new CliError(`--store: ${error.message}`, EXIT.usage);
    if (error instanceof SetupConfigError) {
      throw new CliError(`${error.message} (nothing was written)`, EXIT.config);
    }
    throw error;
  }
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
