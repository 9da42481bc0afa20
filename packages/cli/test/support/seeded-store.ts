/**
 * Plan stores for the CLI tests: a SQLite file in a fresh temp folder, written through a plan
 * engine and closed again, as another process (an agent, a person's edit) leaves it for
 * `plankeeper todos`, the hooks or the dashboard; and a plan engine on a store for as long as
 * a test writes or reads through it, the store closed after.
 *
 * @example
 * const url = await seededStore('plankeeper-todos-', (engine) =>
 *   engine.add({ agent: 'support', session: 's-1' }, [{ content: 'Answer' }]),
 * );
 * await runCli(['todos', '--store', url]);
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlanEngine, type PlanEngineOptions } from 'plankeeper';
import { openStore } from 'plankeeper/stores';

/** The `sqlite:` URL of a store file in a fresh temp folder named `<prefix>XXXXXX` (not yet created). */
export function newStoreUrl(prefix: string): string {
  return `sqlite:${join(mkdtempSync(join(tmpdir(), prefix)), 'plans.db')}`;
}

/**
 * Opens the store at `url`, hands `use` a plan engine on it (with `options`) to write or
 * read the plans, and closes the store again; returns what `use` returned.
 */
export async function withPlanEngine<T>(
  url: string,
  use: (engine: PlanEngine) => Promise<T>,
  options: Omit<PlanEngineOptions, 'store'> = {},
): Promise<T> {
  const store = await openStore(url);
  try {
    return await use(new PlanEngine({ ...options, store }));
  } finally {
    await store.close();
  }
}

/** A new store (see `newStoreUrl`) holding what `seed` wrote; returns its URL. */
export async function seededStore(
  prefix: string,
  seed: (engine: PlanEngine) => Promise<unknown>,
  options: Omit<PlanEngineOptions, 'store'> = {},
): Promise<string> {
  const url = newStoreUrl(prefix);
  await withPlanEngine(url, seed, options);
  return url;
}
