/** The store `plankeeper todos` reads, or why there is none to read. */
import type { getLocale, PlanStore } from 'plankeeper';
import { sharedListKey } from 'plankeeper/harness';
import { planFileList, withPlanFile } from '../../coding-agents/plan-file-list.js';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { DEFAULT_STORE_PATH, openCliStore, resolveStoreUrl } from '../store-option.js';
import { printJson, printText } from '../terminal/safe-output.js';
import type { TodosFlags } from './todos-flags.js';

/** Everything `todos` prints as text: stored model text and names are shown, not obeyed. */
const print = (text: string) => printText(process.stdout, text);

/**
 * The store of `--store`, with the plan of `--plan-file` kept in that file: read first, so
 * a person's edit of the file is in the listing and the history shown.
 */
export async function openTodosStore(
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

/**
 * The plan file's lines that are no items (prose, an unknown marker such as `- [?]`), named
 * under the plan as the model is told of them: the person sees what plankeeper did not read.
 */
export async function nameUnreadLines(
  store: PlanStore,
  locale: ReturnType<typeof getLocale>,
): Promise<void> {
  if (!('unreadLines' in store) || typeof store.unreadLines !== 'function') return;
  const lines = (await store.unreadLines()) as { line: number; text: string }[];
  if (lines.length > 0) print(`\n${locale.person.unreadLines(lines)}\n`);
}

/**
 * A read of a SQLite store that does not exist: the default store of a folder where no agent
 * wrote a plan yet has no plans; a path someone gave (--store, $PLANKEEPER_STORE) is wrong.
 */
export function noStore(path: string, flags: TodosFlags): number {
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
