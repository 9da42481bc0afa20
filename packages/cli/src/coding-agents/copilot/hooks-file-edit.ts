/**
 * Copilot's `.github/hooks/plankeeper.json`: a file setup creates, `{version: 1, hooks: {<event>:
 * [handler, ...]}}`, in which a person may add hooks of their own. Setup writes and takes out only
 * its own handlers (those it recorded, setup/owned.ts) and leaves every other entry where the
 * person put it; `--remove` deletes the file only when nothing of the person's is left in it.
 */
import { editJson } from '../setup/json-edit.js';
import { arrayAt, isObject, type JsonObject, objectAt, sameJson } from '../setup/json-file.js';
import { hookFact, Owned } from '../setup/owned.js';
import {
  type FileEdit,
  type ReadText,
  SetupConfigError,
  type SetupContext,
} from '../setup/types.js';

/** The edit of the hooks file at `path` that holds `wanted`, one handler per event. */
export function hooksFileEdit(
  ctx: SetupContext,
  read: ReadText,
  remove: boolean,
  path: string,
  wanted: Readonly<Record<string, JsonObject>>,
): FileEdit {
  const before = read(path);
  const created = ctx.created(path);
  const fresh = `${JSON.stringify({ version: 1, hooks: wanted }, null, 2)}\n`;
  if (before !== undefined && !created) {
    if (before !== fresh) {
      throw new SetupConfigError(
        path,
        'is not a file plankeeper setup wrote; rename or remove it, then run setup again',
      );
    }
    // The person's own copy of what setup writes: theirs to keep on --remove.
    return { path, before, after: before, changes: [] };
  }
  const owned = new Owned(ctx.owned(path));
  const isOurs = (event: string, handler: unknown) =>
    isObject(handler) &&
    (owned.has(hookFact(event, handler)) ||
      sameJson(handler, wanted[event]) ||
      // Written by a version of setup that kept no record: its handlers run `hook copilot`.
      (owned.unrecorded &&
        typeof handler.bash === 'string' &&
        / hook copilot /.test(handler.bash)));
  const edit = editJson(path, read, (file, changes) => {
    if (before === undefined) file.version = 1;
    const hooks = objectAt(path, file, 'hooks', 'hooks');
    const events = [...new Set([...Object.keys(hooks), ...(remove ? [] : Object.keys(wanted))])];
    for (const event of events) {
      const handlers = arrayAt(path, hooks, event, `hooks.${event}`);
      const want = remove ? undefined : wanted[event];
      const ours = handlers.filter((handler) => isOurs(event, handler));
      if (want && ours.length === 1 && sameJson(ours[0], want)) continue;
      if (!want && ours.length === 0) continue;
      const kept = withHandler(handlers, want, (handler) => isOurs(event, handler));
      if (kept.length > 0) hooks[event] = kept;
      else delete hooks[event];
      if (!changes.includes('hooks')) changes.push('hooks');
    }
    owned.dropAll('hooks.');
    if (remove) {
      // Nothing of the person's left: the file goes (setup created it, `empty`).
      if (Object.keys(hooks).length === 0) delete file.hooks;
      if (Object.keys(file).every((key) => key === 'version')) delete file.version;
      return;
    }
    for (const [event, handler] of Object.entries(wanted)) owned.add(hookFact(event, handler));
  });
  // A file setup created has no bytes of the person's to step back to: --remove works by entry.
  return { ...edit, owned: owned.list(), undo: undefined };
}

/**
 * `handlers` with setup's taken out and `want` (if any) in the place of the first: setup's
 * handler changes where it stands; the person's stay in their places.
 */
function withHandler(
  handlers: readonly unknown[],
  want: JsonObject | undefined,
  isOurs: (handler: unknown) => boolean,
): unknown[] {
  const kept: unknown[] = [];
  let placed = false;
  for (const handler of handlers) {
    if (!isOurs(handler)) kept.push(handler);
    else if (want && !placed) placed = kept.push(want) > 0;
  }
  if (want && !placed) kept.push(want);
  return kept;
}
