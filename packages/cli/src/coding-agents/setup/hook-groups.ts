/**
 * The `hooks` object Claude Code, Codex and Gemini CLI share:
 * `{<Event>: [{matcher?, hooks: [handler, ...]}, ...]}`. plankeeper adds one group of its
 * own per event and leaves every other group and handler where the user put it.
 */
import {
  arrayAt,
  dropIfEmpty,
  isObject,
  type JsonObject,
  objectAt,
  sameJson,
} from './json-file.js';
import type { Owned } from './owned.js';
import { SetupConfigError, type SetupContext } from './types.js';

/**
 * The SessionStart matcher for Claude Code and Codex, which both match it against the input's
 * `source`: the hook restores the plan where the model lost it (a resumed session, /clear,
 * compaction), and a new session (`startup`) has none to show, so it starts no process there.
 */
export const SESSION_START_MATCHER = 'resume|clear|compact';

export interface HookPlan {
  /** The file, for error messages. */
  path: string;
  /** The settings object that holds `hooks`. */
  settings: JsonObject;
  /** Whether a handler on `event` is one setup wrote (setup/owned.ts), never by its command. */
  isOurs: (handler: JsonObject, event: string) => boolean;
}

/** One run's edit of a JSON settings file with a `hooks` object, shared by its steps. */
export interface SettingsStep {
  ctx: SetupContext;
  path: string;
  settings: JsonObject;
  owned: Owned;
  changes: string[];
  plan: HookPlan;
}

/**
 * Makes `hooks[event]` hold plankeeper's handler in `group` (a group of its own), or in each
 * of `group`'s groups where one matcher cannot say where the hook is needed (Gemini CLI
 * matches a session start's source exactly: one group per source). Already there as it
 * should be: nothing moves (a second run is byte-identical). Returns whether anything changed.
 */
export function putHook(
  plan: HookPlan,
  event: string,
  group: JsonObject | readonly JsonObject[],
): boolean {
  const wanted = isObject(group) ? [group] : group;
  const hooks = objectAt(plan.path, plan.settings, 'hooks', 'hooks');
  const groups = arrayAt(plan.path, hooks, event, `hooks.${event}`);
  const ours = groups.flatMap((entry) =>
    handlersOf(plan, event, entry).filter((handler) => plan.isOurs(handler, event)),
  );
  const inPlace = wanted.every((each) => groups.some((entry) => sameJson(entry, each)));
  if (ours.length === wanted.length && inPlace) return false;
  stripOurs(plan, event, groups);
  groups.push(...wanted);
  return true;
}

/** Takes plankeeper's handlers out of `hooks[event]`; returns whether any were there. */
export function removeHook(plan: HookPlan, event: string): boolean {
  const hooks = plan.settings.hooks;
  if (!isObject(hooks) || !Array.isArray(hooks[event])) return false;
  const groups = hooks[event] as unknown[];
  const removed = stripOurs(plan, event, groups);
  dropIfEmpty(hooks, event);
  dropIfEmpty(plan.settings, 'hooks');
  return removed;
}

/** Every event that has a plankeeper handler (to clean up events setup no longer registers). */
export function eventsWithOurs(plan: HookPlan): string[] {
  const hooks = plan.settings.hooks;
  if (!isObject(hooks)) return [];
  return Object.keys(hooks).filter(
    (event) =>
      Array.isArray(hooks[event]) &&
      (hooks[event] as unknown[]).some((entry) =>
        handlersOf(plan, event, entry).some((handler) => plan.isOurs(handler, event)),
      ),
  );
}

function handlersOf(plan: HookPlan, event: string, entry: unknown): JsonObject[] {
  if (!isObject(entry) || !Array.isArray(entry.hooks)) {
    throw new SetupConfigError(
      plan.path,
      `each entry of "hooks.${event}" must be {"hooks": [...]}; fix it, then run setup again`,
    );
  }
  return entry.hooks.filter(isObject);
}

/** Removes our handlers in place; a group left empty by that goes too. */
function stripOurs(plan: HookPlan, event: string, groups: unknown[]): boolean {
  let removed = false;
  for (let index = groups.length - 1; index >= 0; index--) {
    const entry = groups[index] as JsonObject;
    const handlers = handlersOf(plan, event, entry);
    const kept = (entry.hooks as unknown[]).filter(
      (handler) => !(isObject(handler) && plan.isOurs(handler, event)),
    );
    if (kept.length === (entry.hooks as unknown[]).length) continue;
    removed = true;
    if (kept.length === 0 && handlers.length > 0) groups.splice(index, 1);
    else entry.hooks = kept;
  }
  return removed;
}
