/**
 * `plankeeper todos`: look into a store. Without `--session`, lists every stored plan
 * with its progress; with it, shows that plan and its revision history, or deletes it
 * (`--delete`), e.g. a plan written by a newer plankeeper that this one cannot load.
 * `--watch` follows changes as they are stored, from any process or machine sharing the
 * store, until interrupted.
 */

import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { PlanSnapshot, PlanStore } from 'plankeeper';
import { encodePlanKey, getLocale, PlanEngine, type PlanKey, PlanRecordError } from 'plankeeper';
import { approvalWait, sharedListKey } from 'plankeeper/harness';
import type { ChangeSource, PlanRecord } from 'plankeeper/stores';
import { redact } from 'plankeeper/stores';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { langOption, parseLang } from '../lang-option.js';
import {
  checkPlanFilePath,
  PLAN_FILE_HELP,
  planFileList,
  withPlanFile,
} from '../plan-file-option.js';
import { watchSignals } from '../signals.js';
import {
  absentSqliteFile,
  DEFAULT_STORE_PATH,
  openCliStore,
  resolveStoreUrl,
  STORE_FLAG_HELP,
} from '../store-option.js';
import { printJson, printText } from '../terminal/safe-output.js';
import { type EditFlags, editKey, editPlan, personEditOf, wantsEdit } from './todos-edit.js';
import { subAgentLines, subAgentView } from './todos-sub-agents.js';
import { oneLine, storedPlanText } from './todos-view.js';

/** Everything `todos` prints as text: stored model text and names are shown, not obeyed. */
const print = (text: string) => printText(process.stdout, text);

interface TodosFlags extends EditFlags {
  store?: string;
  list?: string;
  planFile?: string;
  release?: string;
  json?: boolean;
  delete?: boolean;
  watch?: boolean;
  lang: string;
  history: string;
}

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
      process.exitCode = await todos(flags);
    });
}

async function todos(flags: TodosFlags): Promise<number> {
  const locale = getLocale(parseLang(flags.lang));
  let planFile: string | undefined;
  if (flags.planFile !== undefined) {
    if (flags.list !== undefined) {
      throw new CliError('--plan-file names the shared list itself; leave out --list.', EXIT.usage);
    }
    planFile = resolve(flags.planFile);
    checkPlanFilePath('--plan-file', planFile);
    flags.list = planFileList(planFile);
  }
  if (flags.list !== undefined) {
    if (flags.agent !== undefined || flags.session !== undefined) {
      throw new CliError(
        '--list names the plan itself; leave out --agent and --session.',
        EXIT.usage,
      );
    }
    // A shared list is stored as the plan of agent "list", session NAME (see sharedListKey).
    const key = sharedListKey(flags.list);
    flags.agent = key.agent;
    flags.session = key.session;
  }
  if (flags.release !== undefined) return await releaseOwner(flags);
  const historyLimit = Number(flags.history);
  if (!Number.isInteger(historyLimit) || historyLimit < 0) {
    throw new CliError(`--history: "${flags.history}" is not a whole number.`, EXIT.usage);
  }
  if (flags.delete && flags.watch) {
    throw new CliError('--delete and --watch cannot be combined.', EXIT.usage);
  }
  if (flags.delete && flags.session === undefined) {
    throw new CliError(
      '--delete needs --session (and --agent when several agents share that session).',
      EXIT.usage,
    );
  }
  if (wantsEdit(flags)) {
    if (flags.delete || flags.watch) {
      throw new CliError('a change cannot be combined with --delete or --watch.', EXIT.usage);
    }
    const edit = personEditOf(flags);
    const store = await openTodosStore(flags.store, planFile, { readOnly: false });
    try {
      const key = await editKey(flags, store);
      return await editPlan(store, key, edit, flags, locale);
    } finally {
      await store.close();
    }
  }
  if (flags.by !== undefined) throw new CliError('--by goes with a change.', EXIT.usage);
  // A flag of a change without the change would otherwise be ignored without a word.
  for (const [flag, change] of CHANGE_PARTS) {
    if (flags[flag] !== undefined) {
      throw new CliError(`--${flag} goes with ${change}.`, EXIT.usage);
    }
  }
  const url = resolveStoreUrl(flags.store);
  // A read never creates a store: a typo in a path, or a folder with no plans, is said so.
  // (--watch waits for the first write, so it may create the store it waits on.)
  // (A plan file is read into its store, which is created then.)
  const absent = flags.watch || planFile ? undefined : absentSqliteFile(url);
  if (absent !== undefined) return noStore(absent, flags);
  // Only --delete and the changes write: the rest also works on a store this user cannot write.
  const store = await openTodosStore(flags.store, planFile, {
    readOnly: flags.delete || planFile ? false : 'if-not-writable',
  });
  try {
    if (flags.watch && flags.session === undefined) {
      // With --json the output is one change per line, so no listing first.
      if (!flags.json) await listPlans(store, flags);
      return await watchChanges(store, undefined, flags.json === true, locale);
    }
    if (flags.session === undefined) return await listPlans(store, flags);
    const matches = (
      await store.list({ session: flags.session, ...(flags.agent && { agent: flags.agent }) })
    ).filter((listing) => (listing.key.scope ?? []).join('/') === (flags.scope ?? ''));
    if (matches.length === 0) {
      // A deleted plan keeps its history; with --agent its key is known, so show that.
      if (flags.agent !== undefined && !flags.delete && !flags.watch) {
        const key: PlanKey = {
          agent: flags.agent,
          session: flags.session,
          ...(flags.scope && { scope: flags.scope.split('/') }),
        };
        if ((await store.history(key, { limit: 1 })).length > 0) {
          return await showPlan(store, key, historyLimit, flags.json === true, locale, flags.store);
        }
      }
      throw new CliError(
        `no plan for session "${flags.session}"${flags.agent ? ` of agent "${flags.agent}"` : ''}; run without --session to list plans.`,
        EXIT.usage,
      );
    }
    if (matches.length > 1) {
      throw new CliError(
        `session "${flags.session}" has plans of several agents (${matches.map((m) => m.key.agent).join(', ')}); pick one with --agent.`,
        EXIT.usage,
      );
    }
    const key = matches[0]!.key;
    if (flags.delete) return await deletePlan(store, key, flags.json === true);
    if (flags.watch) {
      if (flags.json) {
        const current = await store.get(key);
        const version = current?.version ?? 0;
        printJson(process.stdout, { key, version, plan: current?.record ?? null });
      } else await showPlan(store, key, 0, false, locale);
      return await watchChanges(store, key, flags.json === true, locale);
    }
    try {
      return await showPlan(store, key, historyLimit, flags.json === true, locale, flags.store);
    } catch (error) {
      if (!PlanRecordError.isInstance(error)) throw error;
      throw new CliError(
        `${error.message} To delete it: ${deleteCommand(key, flags.store)}`,
        EXIT.runFailed,
      );
    }
  } finally {
    await store.close();
  }
}

/**
 * The store of `--store`, with the plan of `--plan-file` kept in that file: read first, so
 * a person's edit of the file is in the listing and the history shown.
 */
async function openTodosStore(
  flag: string | undefined,
  planFile: string | undefined,
  options: Parameters<typeof openCliStore>[1],
): Promise<PlanStore> {
  const store = await openCliStore(resolveStoreUrl(flag), options);
  if (planFile === undefined) return store;
  const wrapped = await withPlanFile(store, planFile);
  await wrapped.get(sharedListKey(planFileList(planFile)));
  return wrapped;
}

/** The flags that only complete a change, and the change each belongs to. */
const CHANGE_PARTS = [
  ['content', '--edit ID'],
  ['after', '--add TEXT'],
  ['reason', '--done ID or --cancel ID'],
  ['before', '--move ID'],
] as const;

/**
 * A read of a SQLite store that does not exist: the default store of a folder where no agent
 * wrote a plan yet has no plans; a path someone gave (--store, $PLANKEEPER_STORE) is wrong.
 */
function noStore(path: string, flags: TodosFlags): number {
  if (flags.store?.trim() || process.env.PLANKEEPER_STORE?.trim()) {
    throw new CliError(
      `there is no store at ${path}; check the path (reading creates no store).`,
      EXIT.config,
    );
  }
  if (flags.session !== undefined) {
    throw new CliError(
      `no plan for session "${flags.session}": there is no store here yet (${DEFAULT_STORE_PATH}).`,
      EXIT.usage,
    );
  }
  if (flags.json) printJson(process.stdout, [], 2);
  else print(`No stored plans (no store here yet: ${DEFAULT_STORE_PATH}).\n`);
  return EXIT.ok;
}

/** `--list NAME --release SESSION`: frees a gone session's items in progress. */
async function releaseOwner(flags: TodosFlags): Promise<number> {
  if (flags.list === undefined) {
    throw new CliError('--release goes with --list NAME.', EXIT.usage);
  }
  const owner = flags.release!.trim();
  if (owner === '')
    throw new CliError('--release needs the session whose items to free.', EXIT.usage);
  const key = sharedListKey(flags.list, flags.scope?.split('/'));
  const store = await openCliStore(resolveStoreUrl(flags.store), { readOnly: false });
  try {
    const released = await new PlanEngine({ store, recentPlans: 0 }).releaseOwner(key, owner);
    if (flags.json) printJson(process.stdout, { key, owner, released });
    else
      print(
        released.length === 0
          ? `${owner} has no items in progress in ${flags.list}.\n`
          : `Released ${released.map((id) => `#${id}`).join(', ')} of ${owner}; back to pending.\n`,
      );
    return EXIT.ok;
  } finally {
    await store.close();
  }
}

/** The command line that deletes `key`, quoted for a POSIX shell, password masked. */
function deleteCommand(key: PlanKey, store: string | undefined): string {
  const quote = (word: string) =>
    /^[\w.,:/@%+=-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
  const words = ['plankeeper', 'todos'];
  if (store !== undefined) words.push('--store', redact(store));
  words.push('--agent', key.agent, '--session', key.session);
  if (key.scope?.length) words.push('--scope', key.scope.join('/'));
  return [...words.slice(0, 2), ...words.slice(2).map(quote), '--delete'].join(' ');
}

/**
 * Prints each stored change until SIGINT/SIGTERM: for one plan, a line about the change
 * and the plan as it now reads; for every plan, one line per change. `json` prints one
 * JSON object per line instead.
 */
async function watchChanges(
  store: PlanStore,
  key: PlanKey | undefined,
  json: boolean,
  locale: ReturnType<typeof getLocale>,
): Promise<number> {
  const name = key && encodePlanKey(key);
  const signals = watchSignals();
  const unsubscribe = await store.subscribe((change) => {
    const changed = encodePlanKey(change.key);
    if (name !== undefined && changed !== name) return;
    if (json) {
      printJson(process.stdout, { ...change, id: changed });
      return;
    }
    const { source } = change;
    print(
      `\n${changed}  v${change.version}  ${new Date(change.at).toISOString()}  ${sourceLabel(source)}\n`,
    );
    if (name !== undefined) {
      print(
        change.record === null
          ? '(plan deleted)\n'
          : `${storedPlanText(change.record.items, locale)}\n`,
      );
    }
  });
  if (!json) print('\nWatching for changes; Ctrl-C to stop.\n');
  try {
    await signals.received;
  } finally {
    unsubscribe();
    signals.dispose();
  }
  return EXIT.ok;
}

async function deletePlan(store: PlanStore, key: PlanKey, json: boolean): Promise<number> {
  const deleted = await store.delete(key, {
    source: { tool: 'host:cli-delete', summary: 'deleted with plankeeper todos --delete' },
  });
  if (json) printJson(process.stdout, { key, deleted });
  else print(`${deleted ? 'Deleted' : 'Already gone:'} ${encodePlanKey(key)}\n`);
  return EXIT.ok;
}

async function listPlans(store: PlanStore, flags: TodosFlags): Promise<number> {
  const listings = (await store.list(flags.agent ? { agent: flags.agent } : {})).sort(
    (a, b) => b.updatedAt - a.updatedAt,
  );
  if (flags.json) {
    printJson(
      process.stdout,
      listings.map((listing) => ({ ...listing, id: encodePlanKey(listing.key) })),
      2,
    );
    return EXIT.ok;
  }
  if (listings.length === 0) {
    print('No stored plans.\n');
    return EXIT.ok;
  }
  for (const listing of listings) {
    const { agent, session, scope } = listing.key;
    const done = listing.total - listing.open;
    print(
      `${agent}  ${session}${scope?.length ? `  scope ${scope.join('/')}` : ''}  ${done}/${listing.total} done  v${listing.version}  ${new Date(listing.updatedAt).toISOString()}\n`,
    );
  }
  return EXIT.ok;
}

async function showPlan(
  store: PlanStore,
  key: PlanKey,
  historyLimit: number,
  json: boolean,
  locale: ReturnType<typeof getLocale>,
  storeFlag?: string,
): Promise<number> {
  const current = await store.get(key);
  const history = historyLimit === 0 ? [] : await store.history(key, { limit: historyLimit });
  const subAgents = await subAgentView(store, key, current?.record.items ?? [], locale);
  if (json) {
    printJson(
      process.stdout,
      {
        key,
        version: current?.version ?? 0,
        plan: current?.record ?? null,
        subAgents: subAgents.entries,
        history,
      },
      2,
    );
    return EXIT.ok;
  }
  if (current) {
    const { suffix } = subAgents;
    print(`${encodePlanKey(key)}  v${current.version}\n`);
    print(`${storedPlanText(current.record.items, locale, suffix)}\n`);
    const approval = approvalLine(current.record);
    if (approval) print(`${approval}\n`);
    for (const line of subAgentLines(subAgents, storeFlag && redact(storeFlag))) {
      print(`${line}\n`);
    }
  } else print(`${encodePlanKey(key)}  deleted\n`);
  if (history.length > 0) {
    print('\nHistory (oldest first):\n');
    for (const revision of history) {
      const source = revision.source;
      print(
        `  v${revision.version}  ${new Date(revision.at).toISOString()}  ${sourceLabel(source)}\n`,
      );
    }
  }
  return EXIT.ok;
}

/**
 * The plan's approval in one line, when a person approved it: still covering the plan, or
 * changed since (a host that asks again on change then waits). Without an approval the
 * store cannot tell whether a host asks for one, so nothing is said.
 */
function approvalLine(record: PlanRecord): string | undefined {
  const { approval } = record;
  if (!approval) return undefined;
  const by = approval.name ? ` by ${oneLine(approval.name)}` : '';
  const at = new Date(approval.at).toISOString();
  const current =
    approvalWait({ items: record.items, approval } as PlanSnapshot, 'on-change') === undefined;
  return current
    ? `Approved${by} at ${at}.`
    : `Changed since it was approved${by} at ${at}; a host that asks again on change waits for --approve.`;
}

/**
 * A revision's source in one line: "todos_add (call_a): added #1", "person:cancel (by Ana):
 * cancelled #2", and in a shared list its writer: "todo_write (call_b, by sess-b): …".
 */
function sourceLabel(source: ChangeSource): string {
  const who = [
    source.callId ?? (source.name && `by ${source.name}`),
    source.owner !== undefined && `by ${source.owner}`,
  ].filter(Boolean);
  return oneLine(
    `${source.tool}${who.length ? ` (${who.join(', ')})` : ''}${source.summary ? `: ${source.summary}` : ''}`,
  );
}
