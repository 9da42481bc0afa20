/**
 * `plankeeper todos`: look into a store. Without `--session`, lists every stored plan
 * with its progress; with it, shows that plan and its revision history, or deletes it
 * (`--delete`), e.g. a plan written by a newer plankeeper that this one cannot load.
 * `--watch` follows changes as they are stored, from any process or machine sharing the
 * store, until interrupted.
 */

import type { Command } from 'commander';
import { MAX_ITEMS_HELP } from '../../coding-agents/plan-file-max-items.js';
import { langOption } from '../lang-option.js';
import { PLAN_FILE_HELP } from '../plan-file-option.js';
import { STORE_FLAG_HELP } from '../store-option.js';
import { runTodos } from '../todos/run-todos.js';
import type { TodosFlags } from '../todos/todos-flags.js';

export function registerTodosCommand(program: Command): void {
  program
    .command('todos')
    .description('List stored plans, or show one plan with its revision history.')
    .option('--store <url>', STORE_FLAG_HELP)
    .option('--agent <name>', 'only plans of this agent')
    .option('--session <id>', "show this session's plan and history")
    .option('--scope <path>', 'scope path of a sub-agent plan, segments joined by "/"')
    .option('--list <name>', 'the shared list of this name (instead of --agent and --session)')
    .option(
      '--plan-file <path>',
      `the plan kept in this Markdown file (${PLAN_FILE_HELP.split(';')[0]})`,
    )
    .option('--max-items <n>', `with --plan-file: ${MAX_ITEMS_HELP}`)
    .option(
      '--release <session>',
      "with --list: set that session's items in progress back to pending",
    )
    .option('--history <n>', 'revisions to show', '20')
    .option('--json', 'print JSON')
    .option('--delete', 'delete the plan of --session (its history stays in stores that keep it)')
    .option(
      '--watch',
      'keep printing changes as they are stored (one plan with --session), until Ctrl-C',
    )
    .option('--add <text>', 'add an item to the plan of --agent and --session')
    .option('--after <id>', 'with --add: put the new item after this one')
    .option('--cancel <id>', 'cancel an open item')
    .option('--done <id>', 'mark an open item completed')
    .option('--reason <text>', 'with --cancel or --done: why, kept as the item note')
    .option('--edit <id>', "change an item's text (with --content)")
    .option('--content <text>', 'with --edit: the new text')
    .option('--move <id>', 'move an item (with --before)')
    .option('--before <id>', 'with --move: the item it goes before')
    .option('--note <id-and-text...>', 'set the note of an item: --note 2 "why"')
    .option('--approve', 'approve the plan as it is, so a host holding its tools runs them')
    .option('--by <name>', 'your name, recorded with the change and shown to the model')
    .addOption(langOption())
    .action(async (flags: TodosFlags) => {
      process.exitCode = await runTodos(flags);
    });
}
