/**
 * Where Codex's user config lives, and the store its commands name: setup writes Codex's
 * config into the person's home, which serves every project set up.
 */
import { join, resolve } from 'node:path';
import type { SetupContext } from '../setup/types.js';

/** Where Codex keeps its user config: $CODEX_HOME, default ~/.codex (relative: to the project). */
export function codexHome(ctx: SetupContext): string {
  return resolve(ctx.dir, ctx.env.CODEX_HOME?.trim() || join(ctx.home, '.codex'));
}

/**
 * The store Codex's commands name: its files are the person's own (in their home), so a URL
 * with credentials may stand there, as the person gave it.
 */
export function codexStore(ctx: SetupContext): string | undefined {
  return ctx.store ?? ctx.privateStore;
}
