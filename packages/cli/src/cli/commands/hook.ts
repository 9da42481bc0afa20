/**
 * `plankeeper hook <agent> <event>` (or `--serve`) as the help shows it. The bin runs a hook
 * straight from the hook bundle, without commander (it runs on every tool call of a coding
 * agent); only `hook --help` comes here. The flags are the ones coding-agents/hook/hook-args.ts
 * parses.
 */
import type { Command } from 'commander';
import { SERVE_FLAG } from '../../coding-agents/hook/hook-args.js';
import { MAX_ITEMS_HELP } from '../../coding-agents/plan-file-max-items.js';

export function registerHookCommand(program: Command): void {
  program
    .command('hook')
    .description(
      "Read a coding agent's hook event (JSON on stdin) and answer in the agent's hook format; `setup` registers it. Whatever fails inside plankeeper gives one line on stderr, the neutral answer and exit 0.",
    )
    .argument('<agent>', 'the coding agent whose hook format the event is in')
    .argument('[event]', "the agent's own name of the hook event (none with --serve)")
    .option(
      '--store <url>',
      'plan store (default: $PLANKEEPER_STORE or sqlite:.plankeeper/plans.db)',
    )
    .option('--list <name>', 'the shared list the agent works on')
    .option(
      '--plan-file <path>',
      "the list's plan kept in this Markdown file, relative to the agent's project",
    )
    .option('--max-items <n>', `with --plan-file: ${MAX_ITEMS_HELP}`)
    .option('--lang <lang>', 'language: en or zh')
    .option('--discipline <preset>', 'guard preset: light, standard or strict')
    .option('--nudge-after <n>', 'tool calls without a plan update before a reminder')
    .option(
      '--approval <when>',
      'hold other tools until a person approves the plan: once or on-change',
    )
    .option(
      '--serve',
      'answer many events, one JSON line each way ({id, event, input} in, {id, stdout} out), until stdin closes',
    )
    .allowExcessArguments(false)
    .action(
      async (
        agent: string,
        event: string | undefined,
        { serve, ...flags }: Record<string, string> & { serve?: boolean },
      ) => {
        const { hookMain } = await import('../../coding-agents/hook/main.js');
        const options = Object.entries(flags).flatMap(([name, value]) => [
          `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
          value,
        ]);
        // Without either, the hook's own parsing says what is missing (and fails open).
        await hookMain([agent, serve ? SERVE_FLAG : (event ?? ''), ...options]);
      },
    );
}
