/**
 * Project settings that wire plankeeper into the real Gemini CLI the way `plankeeper setup
 * gemini` does: the MCP server `plankeeper mcp --for gemini` and the hooks `plankeeper hook
 * gemini <Event>`, both run from this checkout's launcher.
 */
import { type GeminiSandbox, PLANKEEPER_BIN, plankeeperMcpServer } from './gemini-runner.js';

const EVENTS = ['SessionStart', 'BeforeAgent', 'AfterTool', 'AfterAgent', 'PreCompress'];
const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** The server on `store`, the hooks on `hookStore` (default the same), and a README to read. */
export function configurePlankeeper(sandbox: GeminiSandbox, store: string, hookStore = store) {
  const hooks = Object.fromEntries(
    EVENTS.map((event) => [
      event,
      [
        {
          matcher: '*',
          hooks: [
            {
              name: 'plankeeper',
              type: 'command',
              command: [
                process.execPath,
                PLANKEEPER_BIN,
                'hook',
                'gemini',
                event,
                '--store',
                hookStore,
              ]
                .map(quote)
                .join(' '),
              timeout: 10_000,
            },
          ],
        },
      ],
    ]),
  );
  sandbox.writeProjectSettings({
    mcpServers: { plankeeper: plankeeperMcpServer(store, ['--for', 'gemini']) },
    hooks,
  });
  sandbox.writeProjectFile('README.md', '# Demo\n');
}
