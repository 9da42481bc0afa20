/** What `plankeeper todos` prints of stored plans: the listing, one plan with its history, a deletion. */
import type { PlanSnapshot, PlanStore } from 'plankeeper';
import { encodePlanKey, type getLocale, type PlanKey, progressOf } from 'plankeeper';
import { approvalWait } from 'plankeeper/rules';
import type { PlanListing, PlanRecord } from 'plankeeper/stores';
import { redact } from 'plankeeper/stores';
import { subAgentLines, subAgentView } from '../commands/todos-sub-agents.js';
import { oneLine, storedPlanText } from '../commands/todos-view.js';
import { EXIT } from '../exit-codes.js';
import { printJson, printText } from '../terminal/safe-output.js';
import { sourceLabel } from './source-label.js';
import type { TodosFlags } from './todos-flags.js';
import { evidenceLines, verificationLine } from './verification-lines.js';

/** Everything `todos` prints as text: stored model text and names are shown, not obeyed. */
const print = (text: string) => printText(process.stdout, text);

/** The command line that deletes `key`, quoted for a POSIX shell, password masked. */
export function deleteCommand(key: PlanKey, store: string | undefined): string {
  const quote = (word: string) =>
    /^[\w.,:/@%+=-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
  const words = ['plankeeper', 'todos'];
  if (store !== undefined) words.push('--store', redact(store));
  words.push('--agent', key.agent, '--session', key.session);
  if (key.scope?.length) words.push('--scope', key.scope.join('/'));
  return [...words.slice(0, 2), ...words.slice(2).map(quote), '--delete'].join(' ');
}

export async function deletePlan(store: PlanStore, key: PlanKey, json: boolean): Promise<number> {
  const deleted = await store.delete(key, {
    source: { tool: 'host:cli-delete', summary: 'deleted with plankeeper todos --delete' },
  });
  if (json) printJson(process.stdout, { key, deleted });
  else print(`${deleted ? 'Deleted' : 'Already gone:'} ${encodePlanKey(key)}\n`);
  return EXIT.ok;
}

export async function listPlans(store: PlanStore, flags: TodosFlags): Promise<number> {
  const listings = (await store.list(flags.agent ? { agent: flags.agent } : {})).sort(
    (a, b) => b.updatedAt - a.updatedAt,
  );
  const counted = await Promise.all(listings.map((listing) => countOf(store, listing)));
  if (flags.json) {
    printJson(
      process.stdout,
      listings.map((listing, index) => ({
        ...listing,
        id: encodePlanKey(listing.key),
        ...counted[index],
      })),
      2,
    );
    return EXIT.ok;
  }
  if (listings.length === 0) {
    print('No stored plans.\n');
    return EXIT.ok;
  }
  listings.forEach((listing, index) => {
    const { agent, session, scope } = listing.key;
    print(
      `${agent}  ${session}${scope?.length ? `  scope ${scope.join('/')}` : ''}  ${progressWords(listing, counted[index]!)}  v${listing.version}  ${new Date(listing.updatedAt).toISOString()}\n`,
    );
  });
  return EXIT.ok;
}

/** Completed and cancelled items of a listed plan; a listing counts only the open ones. */
interface Counted {
  completed?: number;
  cancelled?: number;
  error?: string;
}

/**
 * The counts the dashboard shows, from the same `progressOf`: a listing cannot tell a
 * cancelled item from a completed one. A plan that cannot be read is named, not fatal.
 */
async function countOf(store: PlanStore, listing: PlanListing): Promise<Counted> {
  try {
    const stored = await store.get(listing.key);
    if (!stored) return {};
    const { completed, cancelled } = progressOf(stored.record.items);
    return { completed, cancelled };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** `1/3 done, 1 cancelled`: completed of all, cancelled apart, never counted as done. */
function progressWords(listing: PlanListing, counted: Counted): string {
  if (counted.completed === undefined) {
    const why = counted.error === undefined ? 'deleted' : `unreadable: ${oneLine(counted.error)}`;
    return `${listing.open} open of ${listing.total} (${why})`;
  }
  const cancelled = counted.cancelled ? `, ${counted.cancelled} cancelled` : '';
  return `${counted.completed}/${listing.total} done${cancelled}`;
}

export async function showPlan(
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
    await printVerification(store, key, current.record, locale);
    for (const line of subAgentLines(subAgents, storeFlag && redact(storeFlag))) {
      print(`${line}\n`);
    }
  } else print(`${encodePlanKey(key)}  deleted\n`);
  if (history.length > 0) {
    print('\nHistory (oldest first):\n');
    for (const revision of history) {
      const source = revision.source;
      print(
        `  v${revision.version}  ${new Date(revision.at).toISOString()}  ${sourceLabel(source, locale)}\n`,
      );
    }
  }
  return EXIT.ok;
}

/**
 * What verified the plan: its last check, and each completed item's evidence (read from the
 * whole kept history, whatever `--history` shows).
 */
async function printVerification(
  store: PlanStore,
  key: PlanKey,
  record: PlanRecord,
  locale: ReturnType<typeof getLocale>,
): Promise<void> {
  if (record.lastCheck) print(`${verificationLine(record.lastCheck, locale)}\n`);
  if (!record.items.some((item) => item.status === 'completed')) return;
  for (const line of evidenceLines(record.items, await store.history(key), locale)) {
    print(`${line}\n`);
  }
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
