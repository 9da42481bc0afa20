/**
 * An MCP SDK client of a real `plankeeper mcp --plan-file PLAN.md --session s1` started in
 * `dir`, its store left to the plan file's folder (PLANKEEPER_STORE blank), as the plan-file
 * tests of the command use it; `flags` go after (`--lang zh`).
 */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const BIN = fileURLToPath(new URL('../../bin/plankeeper.js', import.meta.url));

export async function planFileClient(dir: string, ...flags: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--plan-file', 'PLAN.md', '--session', 's1', ...flags],
    cwd: dir,
    env: { ...process.env, PLANKEEPER_STORE: '' } as Record<string, string>,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'plankeeper-plan-file-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}
