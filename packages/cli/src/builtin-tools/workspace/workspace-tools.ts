/**
 * The file tools over one workspace folder. Everything they touch stays inside it.
 */
import type { LocaleId, ToolDefinition } from 'plankeeper';
import { editFileTool } from './edit-file.js';
import { listFilesTool } from './list-files.js';
import { readFileTool } from './read-file.js';
import { createWorkspace } from './workspace.js';
import { writeFileTool } from './write-file.js';

export interface WorkspaceToolsOptions {
  /** The folder the tools are confined to. Must exist. */
  root: string;
  /** Offer only read_file and list_files. Default false. */
  readOnly?: boolean;
  /** Language of the tool descriptions and results. Default `en`. */
  locale?: LocaleId;
}

/**
 * `read_file`, `write_file`, `edit_file` and `list_files` confined to `root`
 * (read-only: `read_file` and `list_files`).
 *
 * @example
 * const tools = workspaceTools({ root: '/srv/agent-workspace', readOnly: true });
 */
export function workspaceTools(options: WorkspaceToolsOptions): ToolDefinition[] {
  const { locale } = options;
  const workspace = createWorkspace(options.root, 'workspaceTools', locale);
  if (options.readOnly) return [readFileTool(workspace, locale), listFilesTool(workspace, locale)];
  return [
    readFileTool(workspace, locale),
    writeFileTool(workspace, locale),
    editFileTool(workspace, locale),
    listFilesTool(workspace, locale),
  ];
}
