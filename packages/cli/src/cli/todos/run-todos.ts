/**
 * `plankeeper todos` run: the flags checked, then one of its jobs: free a session's items
 * in a shared list, change a plan, list the stored plans, or show, watch or delete one.
 */
import { resolve } from 'node:path';
import { getLocale, type PlanKey, PlanRecordError, type PlanStore } from 'plankeeper';
import { sharedListKey } from 'plankeeper/harness';
import { planFileProblemOf } from 'plankeeper/stores';
import { planFileList } from '../../coding-agents/plan-file-list.js';
import {
  checkMaxItems,
  MAX_ITEMS_WITHOUT_PLAN_FILE,
} from '../../coding-agents/plan-file-max-items.js';
import { CliError } from '../cli-error.js';
import { editKey, editPlan, personEditOf, wantsEdit } from '../commands/todos-edit.js';
import { EXIT } from '../exit-codes.js';
import { parseLang } from '../lang-option.js';
import { checkPlanFileExists, checkPlanFilePath } from '../plan-file-option.js';
import { absentSqliteFile, resolveStoreUrl } from '../store-option.js';
import { printJson } from '../terminal/safe-output.js';
import { releaseOwner } from './release-owner.js';
import { deleteCommand, deletePlan, listPlans, showPlan } from './show-plan.js';
import { CHANGE_PARTS, type TodosFlags } from './todos-flags.js';
import { nameUnreadLines, noStore, openTodosStore } from './todos-store.js';
import { watchChanges } from './watch-changes.js';

type Locale = ReturnType<typeof getLocale>;

export async function runTodos(flags: TodosFlags): Promise<number> {
  const locale = getLocale(parseLang(flags.lang));
  try {
    return await todosJob(flags, locale);
  } catch (error) {
    // A plan file refused (too large, mid-merge, …): said in the person's language.
    const problem = planFileProblemOf(error);
    if (problem) throw new CliError(locale.planFile.refusal(problem), EXIT.runFailed);
    throw error;
  }
}

async function todosJob(flags: TodosFlags, locale: Locale): Promise<number> {
  const planFile = listFlags(flags);
  const maxItems = maxItemsFlag(flags.maxItems, planFile);
  if (flags.release !== undefined) return await releaseOwner(flags);
  const historyLimit = readFlags(flags);
  if (wantsEdit(flags)) return await changePlan(flags, planFile, locale, maxItems);
  // A read of a plan file that is not there: said so, not as a session without a plan.
  if (planFile !== undefined && !flags.watch) checkPlanFileExists('--plan-file', planFile);
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
    const code = await sessionPlan(
      store,
      flags as TodosFlags & { session: string },
      historyLimit,
      locale,
    );
    if (planFile !== undefined && !flags.json && !flags.delete && !flags.watch)
      await nameUnreadLines(store, locale);
    return code;
  } finally {
    await store.close();
  }
}

/**
 * `--plan-file` and `--list` name the plan themselves: they set `--agent` and `--session`
 * to the shared list's key. The plan file's absolute path, when one is given.
 */
function listFlags(flags: TodosFlags): string | undefined {
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
  return planFile;
}

/** `--max-items`, for a plan file only: the limit a change is held to. */
function maxItemsFlag(value: string | undefined, planFile: string | undefined) {
  if (value === undefined) return undefined;
  if (planFile === undefined) throw new CliError(MAX_ITEMS_WITHOUT_PLAN_FILE, EXIT.usage);
  const checked = checkMaxItems(value);
  if (typeof checked !== 'number') throw new CliError(checked.problem, EXIT.usage);
  return checked;
}

/** Checks the flags of a read (`--history`, `--delete`, `--watch`); the history limit. */
function readFlags(flags: TodosFlags): number {
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
  return historyLimit;
}

/** A person's change to a plan (`--add`, `--done`, `--approve`, …). */
async function changePlan(
  flags: TodosFlags,
  planFile: string | undefined,
  locale: Locale,
  maxItems: number | undefined,
): Promise<number> {
  if (flags.delete || flags.watch) {
    throw new CliError('a change cannot be combined with --delete or --watch.', EXIT.usage);
  }
  const edit = personEditOf(flags);
  const store = await openTodosStore(flags.store, planFile, { readOnly: false });
  try {
    const key = await editKey(flags, store);
    return await editPlan(store, key, edit, flags, locale, maxItems);
  } finally {
    await store.close();
  }
}

/** The plan of `--session`: shown with its history, watched, or deleted. */
async function sessionPlan(
  store: PlanStore,
  flags: TodosFlags & { session: string },
  historyLimit: number,
  locale: Locale,
): Promise<number> {
  const key = await sessionKey(store, flags, historyLimit, locale);
  if (typeof key === 'number') return key;
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
}

/** The one stored plan of `--session`, or the exit code once a deleted plan's history is shown. */
async function sessionKey(
  store: PlanStore,
  flags: TodosFlags & { session: string },
  historyLimit: number,
  locale: Locale,
): Promise<PlanKey | number> {
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
  return matches[0]!.key;
}
