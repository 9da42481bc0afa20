/**
 * The project's `.mcp.json`, which more than one agent reads (Claude Code, and GitHub Copilot
 * CLI, which then reads no other project file). Its `plankeeper` server is one entry for every
 * agent set up: the first setup writes it, the next finds it recorded by the other (the
 * manifest) and shares it, and `--remove` takes it out only when no other agent still uses it;
 * until then it stays, and its way back passes to that agent (FileEdit.keptFor). The server
 * tells which agent started it from that agent's environment (mcp-keying.ts), so each
 * keeps its plans under its own name whichever agent's setup wrote the entry.
 */
import { join } from 'node:path';
import { refuseOwnServer } from './commands.js';
import { editJson } from './json-edit.js';
import { dropIfEmpty, isObject, type JsonObject, objectAt, sameJson } from './json-file.js';
import { isOwnedServer, Owned } from './owned.js';
import { differingFlags } from './server-flags.js';
import type { FileEdit, KeptReason, ReadText, SetupContext } from './types.js';

const SERVER = 'plankeeper';
/** What setup records writing (setup/owned.ts). */
export const SHARED_SERVER_FACT = 'mcpServers.plankeeper';

export function mcpJsonPath(ctx: SetupContext): string {
  return join(ctx.dir, '.mcp.json');
}

/** The edit of `.mcp.json` for `ctx.agent`, whose own entry would be `entry`. */
export function sharedMcpJsonEdit(
  ctx: SetupContext,
  read: ReadText,
  remove: boolean,
  entry: JsonObject,
): FileEdit {
  const path = mcpJsonPath(ctx);
  const owned = new Owned(ctx.owned(path));
  const sharers = ctx.sharers(path);
  // The entry is another agent's setup's only when its record says so, never by its form.
  const writtenByOther = sharers.some(({ owned }) => owned.includes(SHARED_SERVER_FACT));
  let keptFor: FileEdit['keptFor'];
  let kept: KeptReason[] = [];
  const edit = editJson(path, read, (settings, changes) => {
    const servers = settings.mcpServers;
    const existing = isObject(servers) ? servers[SERVER] : undefined;
    const ours = isOwnedServer(owned, SHARED_SERVER_FACT, existing, entry, ctx.agent);
    if (remove) {
      if (isObject(servers) && existing !== undefined && ours) {
        if (sharers.length > 0) {
          keptFor = sharers[0]!.agent;
        } else {
          delete servers[SERVER];
          dropIfEmpty(settings, 'mcpServers');
          changes.push('mcpServers.plankeeper');
        }
      }
      owned.drop(SHARED_SERVER_FACT);
      return;
    }
    // Another agent's setup wrote it: this one uses it as it is.
    const shared = existing !== undefined && !ours && writtenByOther;
    if (!shared) refuseOwnServer(path, 'mcpServers.plankeeper', existing, ours);
    const target = objectAt(path, settings, 'mcpServers', 'mcpServers');
    owned.add(SHARED_SERVER_FACT);
    // Kept as it is while another agent uses it too: rewriting it would change theirs.
    if (shared || sameJson(existing, entry) || (existing !== undefined && writtenByOther)) {
      const writer = sharers.find(({ owned }) => owned.includes(SHARED_SERVER_FACT));
      const flags = differingFlags(existing, entry);
      if (writer && flags.length > 0) kept = [{ sharedWith: writer.agent, flags }];
      return;
    }
    target[SERVER] = entry;
    changes.push('mcpServers.plankeeper');
  });
  return {
    ...edit,
    owned: owned.list(),
    ...(owned.earlierSetup && { undo: undefined }),
    ...(keptFor !== undefined && { keptFor, shared: true }),
    ...(kept.length > 0 && { kept }),
  };
}
