/**
 * Codex configured as `plankeeper setup codex` configures it, but with this checkout's bin and a
 * store the test picks: the MCP server `plankeeper mcp --for codex` and the hooks
 * `plankeeper hook codex <Event>` in $CODEX_HOME, plus the stand-in MCP server (tool `echo`)
 * for rounds that are not plan calls. `hookStore` lets a test point the hooks elsewhere.
 */
import { join } from 'node:path';
import { CODEX_EVENTS } from '../../../../src/coding-agents/codex/setup-edits.js';
import { SESSION_START_MATCHER } from '../../../../src/coding-agents/setup/hook-groups.js';
import { TEST_BIN } from '../../setup/support/bin.js';
import type { ResponsesServer } from './responses-server.js';
import {
  type CodexConfig,
  type CodexWorkspace,
  type HooksFile,
  plankeeperMcpServer,
  standInMcpServer,
} from './run-codex.js';

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * hooks.json as setup writes it: `<node> <bin> hook codex <Event> --store <store>`, SessionStart
 * only on resume, clear and compact. The bin is the setup tests' (the real one, noting each
 * hook in PLANKEEPER_TEST_HOOK_LOG when a run sets it).
 */
export function plankeeperHooks(store: string): HooksFile {
  const hooks: HooksFile['hooks'] = {};
  for (const event of CODEX_EVENTS) {
    const command = [process.execPath, TEST_BIN, 'hook', 'codex', event, '--store', store]
      .map(quote)
      .join(' ');
    const matcher = event === 'SessionStart' ? SESSION_START_MATCHER : undefined;
    hooks[event] = [
      {
        ...(matcher !== undefined && { matcher }),
        hooks: [{ type: 'command', command, timeout: 10 }],
      },
    ];
  }
  return { hooks };
}

export function configurePlankeeper(
  ws: CodexWorkspace,
  model: ResponsesServer,
  store: string,
  options: { hookStore?: string } & Partial<CodexConfig> = {},
): void {
  const { hookStore = store, ...config } = options;
  ws.configure({
    modelUrl: model.url,
    mcpServers: {
      plankeeper: plankeeperMcpServer(['--store', store, '--for', 'codex']),
      standin: standInMcpServer(join(ws.root, 'standin.log')),
    },
    hooks: plankeeperHooks(hookStore),
    ...config,
  });
}
