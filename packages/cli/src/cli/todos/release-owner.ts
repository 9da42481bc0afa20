/** `plankeeper todos --list NAME --release SESSION`: a gone session's items in a shared list, freed. */
import { PlanEngine } from 'plankeeper';
import { sharedListKey } from 'plankeeper/harness';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { openCliStore, resolveStoreUrl } from '../store-option.js';
import { printJson, printText } from '../terminal/safe-output.js';
import type { TodosFlags } from './todos-flags.js';

/** Everything `todos` prints as text: stored model text and names are shown, not obeyed. */
const print = (text: string) => printText(process.stdout, text);

/** `--list NAME --release SESSION`: frees a gone session's items in progress. */
export async function releaseOwner(flags: TodosFlags): Promise<number> {
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
