/**
 * `plankeeper/builtin-tools`: ready-made tools for demos and real agents, as the same
 * framework-neutral definitions as the plan tools. `knowledge_search` searches a folder
 * of Markdown and text files (a bundled after-sales knowledge base is included); the
 * workspace tools read, write, edit and list files inside one folder; `run_shell` runs
 * commands, and only exists when a host creates it.
 *
 * @example
 * import { knowledgeBaseDir, knowledgeSearchTool, workspaceTools } from '@plankeeper/cli/builtin-tools';
 * const tools = [
 *   knowledgeSearchTool({ root: knowledgeBaseDir('zh'), locale: 'zh' }),
 *   ...workspaceTools({ root: './workspace', readOnly: true, locale: 'zh' }),
 * ];
 */

export type { KnowledgeHit } from './knowledge/knowledge-index.js';
export {
  type KnowledgeSearchOptions,
  knowledgeSearchTool,
} from './knowledge/knowledge-search.js';
export { knowledgeBaseDir } from './knowledge-base-dir.js';
export { type ShellRunData, type ShellToolOptions, shellTool } from './shell/run-shell.js';
export { type WorkspaceToolsOptions, workspaceTools } from './workspace/workspace-tools.js';
