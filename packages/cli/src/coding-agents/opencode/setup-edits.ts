/**
 * OpenCode: `opencode.json` in the project gets the MCP server (`mcp.plankeeper`, type
 * local, the command as an array: no shell) and a permission rule allowing its tools
 * (`plankeeper_*`, OpenCode's names for them); OpenCode has no hook settings, so a plugin,
 * `.opencode/plugin/plankeeper.js` (plugin-source.ts), runs `plankeeper hook opencode
 * <event>` and puts the answers before the model. The plugin is plankeeper's own file: setup
 * rewrites it and --remove deletes it, unless the person has edited it since (then it is
 * left, and the report says so).
 */
import { join } from 'node:path';
import { mcpArgs } from '../setup/commands.js';
import { editJson } from '../setup/json-edit.js';
import { dropIfEmpty, isObject, objectAt, sameJson } from '../setup/json-file.js';
import type { FileEdit, ReadText, SetupContext } from '../setup/types.js';
import { opencodePluginSource, PLUGIN_MARKER } from './plugin-source.js';

const SERVER = 'plankeeper';
const PERMISSION = 'plankeeper_*';

export function opencodeEdits(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit[] {
  return [configEdit(ctx, read, remove), pluginEdit(ctx, read, remove)];
}

function configEdit(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit {
  const path = join(ctx.dir, 'opencode.json');
  return editJson(path, read, (settings, changes) => {
    if (remove) {
      if (isObject(settings.mcp) && SERVER in settings.mcp) {
        delete settings.mcp[SERVER];
        dropIfEmpty(settings, 'mcp');
        changes.push('mcp.plankeeper');
      }
      if (isObject(settings.permission) && PERMISSION in settings.permission) {
        delete settings.permission[PERMISSION];
        dropIfEmpty(settings, 'permission');
        changes.push('permission "plankeeper_*"');
      }
      return;
    }
    const mcp = objectAt(path, settings, 'mcp', 'mcp');
    const entry = { type: 'local', command: [ctx.node, ...mcpArgs(ctx)], enabled: true };
    if (!sameJson(mcp[SERVER], entry)) {
      mcp[SERVER] = entry;
      changes.push('mcp.plankeeper');
    }
    // A string ("allow") applies to every tool already; only an object takes a rule.
    if (typeof settings.permission === 'string') return;
    const permission = objectAt(path, settings, 'permission', 'permission');
    if (permission[PERMISSION] !== 'allow') {
      permission[PERMISSION] = 'allow';
      changes.push('permission "plankeeper_*": "allow"');
    }
  });
}

function pluginEdit(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit {
  const path = join(ctx.dir, '.opencode', 'plugin', 'plankeeper.js');
  const before = read(path);
  const ours = before === undefined || before.startsWith(PLUGIN_MARKER);
  if (remove) {
    if (before === undefined || !ours) return { path, before, after: before, changes: [] };
    return { path, before, after: undefined, changes: ['the plugin'], empty: true };
  }
  const after = opencodePluginSource(ctx);
  if (!ours || after === before) return { path, before, after: before, changes: [] };
  return { path, before, after, changes: ['the plugin (runs plankeeper hook on its events)'] };
}
