/**
 * OpenCode: `opencode.json` in the project gets the MCP server (`mcp.plankeeper`, type
 * local: `plankeeper mcp` behind a bash relay to the plugin's `--serve` process, which serves
 * the connection when it is up, hook-route/mcp-route.ts) and a permission rule allowing its tools
 * (`plankeeper_*`, OpenCode's names for them); OpenCode has no hook settings, so a plugin,
 * `.opencode/plugin/plankeeper.js` (plugin-source.ts), asks `plankeeper hook opencode` about
 * its events (one `--serve` process for all) and puts the answers before the model. The plugin is plankeeper's own file: setup
 * rewrites it and --remove deletes it, unless the person has edited it since (then it is
 * left, and the report says so). A project's `opencode.jsonc` is edited in place instead.
 */
import { join } from 'node:path';
import { mcpRelayCommand } from '../hook-route/mcp-relay.js';
import { mcpCommand, refuseOwnServer } from '../setup/commands.js';
import { generatedFileEdit } from '../setup/generated-file-edit.js';
import { editJson } from '../setup/json-edit.js';
import { dropIfEmpty, isObject, objectAt, sameJson } from '../setup/json-file.js';
import { isOwnedServer, Owned } from '../setup/owned.js';
import type { FileEdit, KeptReason, ReadText, SetupContext } from '../setup/types.js';
import { opencodePluginSource, PLUGIN_MARKER } from './plugin-source.js';

const SERVER = 'plankeeper';
const PERMISSION = 'plankeeper_*';
/** What setup records writing (setup/owned.ts). */
const SERVER_FACT = 'mcp.plankeeper';
const PERMISSION_FACT = 'permission plankeeper_*';

export function opencodeEdits(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit[] {
  return [configEdit(ctx, read, remove), pluginEdit(ctx, read, remove)];
}

function configEdit(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit {
  // OpenCode reads opencode.jsonc as well as opencode.json: edit the one the project has.
  const jsonc = join(ctx.dir, 'opencode.jsonc');
  const path = read(jsonc) !== undefined ? jsonc : join(ctx.dir, 'opencode.json');
  const owned = new Owned(ctx.owned(path), ctx.created(path));
  const entry = serverEntry(ctx);
  const kept: KeptReason[] = [];
  const edit = editJson(path, read, (settings, changes) => {
    const existing = isObject(settings.mcp) ? settings.mcp[SERVER] : undefined;
    const ours = isOwnedServer(owned, SERVER_FACT, existing, entry, ctx.agent);
    if (remove) {
      if (isObject(settings.mcp) && existing !== undefined && ours) {
        delete settings.mcp[SERVER];
        dropIfEmpty(settings, 'mcp');
        changes.push('mcp.plankeeper');
      }
      if (isObject(settings.permission) && PERMISSION in settings.permission) {
        // Only an "allow" can be an earlier version's; in a file without records it may as
        // well be the person's, and stays (the report says so).
        const value = settings.permission[PERMISSION];
        const origin = owned.origin(PERMISSION_FACT, value === 'allow');
        if (origin === 'setup') {
          delete settings.permission[PERMISSION];
          dropIfEmpty(settings, 'permission');
          changes.push('permission "plankeeper_*"');
        } else {
          const label = 'permission "plankeeper_*"';
          kept.push(origin === 'unknown' ? { unrecorded: label } : { setting: label });
        }
      }
      owned.dropAll('');
      return;
    }
    refuseOwnServer(path, 'mcp.plankeeper', existing, ours);
    const mcp = objectAt(path, settings, 'mcp', 'mcp');
    owned.add(SERVER_FACT);
    if (!sameJson(existing, entry)) {
      mcp[SERVER] = entry;
      changes.push('mcp.plankeeper');
    }
    // A string ("allow") applies to every tool already; only an object takes a rule.
    if (typeof settings.permission === 'string') return;
    const permission = objectAt(path, settings, 'permission', 'permission');
    if (PERMISSION in permission && !owned.has(PERMISSION_FACT)) {
      // The person's own rule for plankeeper's tools ("ask", say) stays theirs; an "allow"
      // beside an earlier version's server may be that version's.
      if (permission[PERMISSION] !== 'allow') kept.push({ setting: 'permission "plankeeper_*"' });
      else owned.found(PERMISSION_FACT, owned.origin(PERMISSION_FACT, owned.unrecorded && ours));
      return;
    }
    owned.add(PERMISSION_FACT);
    if (permission[PERMISSION] !== 'allow') {
      permission[PERMISSION] = 'allow';
      changes.push('permission "plankeeper_*": "allow"');
    }
  });
  return { ...edit, owned: owned.list(), ...(owned.earlierSetup && { undo: undefined }), kept };
}

/** The MCP server: through the relay to the process the plugin keeps (hook-route/mcp-relay.ts). */
function serverEntry(ctx: SetupContext) {
  return { type: 'local', command: mcpRelayCommand('opencode', mcpCommand(ctx)), enabled: true };
}

/** The plugin: setup's file while it holds what setup wrote (setup/generated-file-edit.ts). */
function pluginEdit(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit {
  const path = join(ctx.dir, '.opencode', 'plugin', 'plankeeper.js');
  return generatedFileEdit(
    ctx,
    read,
    {
      path,
      marker: PLUGIN_MARKER,
      name: 'the plugin',
      written: 'the plugin (runs plankeeper hook on its events)',
    },
    opencodePluginSource(ctx),
    remove,
  );
}
