/** `plankeeper todos --watch`: the changes as they are stored, until interrupted. */
import { encodePlanKey, type getLocale, type PlanKey, type PlanStore } from 'plankeeper';
import { storedPlanText } from '../commands/todos-view.js';
import { EXIT } from '../exit-codes.js';
import { watchSignals } from '../signals.js';
import { printJson, printText } from '../terminal/safe-output.js';
import { sourceLabel } from './source-label.js';

/** Everything `todos` prints as text: stored model text and names are shown, not obeyed. */
const print = (text: string) => printText(process.stdout, text);

/**
 * Prints each stored change until SIGINT/SIGTERM: for one plan, a line about the change
 * and the plan as it now reads; for every plan, one line per change. `json` prints one
 * JSON object per line instead.
 */
export async function watchChanges(
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
      `\n${changed}  v${change.version}  ${new Date(change.at).toISOString()}  ${sourceLabel(source, locale)}\n`,
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
