/**
 * `plankeeper acp [options] -- <agent command…>`: the editor starts this in place of its ACP
 * agent; the agent gets plankeeper's MCP server in every session and the editor's plan panel
 * shows plankeeper's plan (src/acp/).
 *
 * @example
 * plankeeper acp -- gemini --experimental-acp
 * plankeeper acp --store sqlite:.plankeeper/plans.db --lang zh -- npx @zed-industries/claude-agent-acp
 */
import { realpathSync } from 'node:fs';
import type { Command } from 'commander';
import { runAcpProxy } from '../../acp/acp-proxy.js';
import { agentCommandOf, parseAcpFlags, type RawAcpFlags } from '../../acp/acp-settings.js';
import { ACP_TEXTS } from '../../acp/acp-texts.js';
import { withPlanFile } from '../../coding-agents/plan-file-list.js';
import { parseLang } from '../lang-option.js';
import { PLAN_FILE_HELP } from '../plan-file-option.js';
import { openCliStore, STORE_FLAG_HELP } from '../store-option.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function registerAcpCommand(program: Command): void {
  program
    .command('acp')
    .description(
      "Start an ACP agent for an editor with plankeeper's MCP server in every session, and show its plan in the editor's plan panel.",
    )
    .usage('[options] -- <agent command...>')
    .argument('[command...]', 'the agent command, after --')
    .option('--store <url>', STORE_FLAG_HELP)
    .option('--plan-file <path>', PLAN_FILE_HELP)
    .option('--list <name>', 'every session shares the plan of this list')
    .option('--lang <id>', 'language of tools, instructions and messages: en or zh (default: en)')
    .option('--discipline <preset>', 'light, standard (default) or strict, as in every host')
    .option('--tools <family>', 'tools to offer: whole-list, granular or both (default: both)')
    .option('--dependencies <mode>', 'how blockedBy constrains order: off, warn or enforce')
    .option('--evidence <level>', 'evidence rule: off, warn or enforce (default: off)')
    .option('--max-items <n>', 'most items a plan may hold (default: 20)')
    .option(
      '--verify <command>',
      'a check that must pass before the last item completes (repeatable)',
      collect,
    )
    .option(
      '--approval [when]',
      'hold other tools until a person approves the plan: once or on-change',
    )
    // The agent's own flags come after `--`; agentCommandOf names any stray word before it.
    .allowUnknownOption()
    .action(async (words: string[], flags: RawAcpFlags, command: Command) => {
      // The command line as parsed: commander keeps it on the program (not in its types).
      const raw = (command.parent as { rawArgs?: string[] } | null)?.rawArgs ?? process.argv;
      const agentCommand = agentCommandOf(words, raw.slice(2), parseLang(flags.lang));
      const settings = parseAcpFlags(flags, agentCommand, process.cwd());
      const bin = realpathSync(process.argv[1] as string);
      const texts = ACP_TEXTS[settings.lang];
      const code = await runAcpProxy({
        command: settings.command,
        mcpServer: (sessionKey) => ({
          name: 'plankeeper',
          command: process.execPath,
          args: [bin, 'mcp', ...settings.mcpArgs, '--agent', 'acp', '--session', sessionKey],
          env: [],
        }),
        planKey: settings.planKey,
        openStore: async () => {
          const store = await openCliStore(settings.storeUrl);
          return settings.planFile === undefined ? store : withPlanFile(store, settings.planFile);
        },
        approval: flags.approval !== undefined,
        texts,
        input: process.stdin,
        output: process.stdout,
        errors: process.stderr,
      });
      process.exitCode = code;
    });
}
