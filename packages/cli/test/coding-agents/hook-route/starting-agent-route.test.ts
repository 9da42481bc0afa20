/**
 * The route `plankeeper mcp` writes for hooks is the route of the agent that started it, not
 * of the agent its `--for` names: Claude Code and Copilot CLI both start the one `.mcp.json`
 * entry, whichever agent's setup wrote it. Copilot's extension finds its route only if a
 * server Copilot started writes it, and a server Claude Code started (whose hooks go through
 * its `mcp_tool` hooks) writes none.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { INITIALIZE_LINE } from '../../support/mcp-initialize.js';
import { startCli } from '../../support/run-cli.js';

let project: string | undefined;
afterEach(() => {
  if (project) rmSync(project, { recursive: true, force: true });
  project = undefined;
});

/** A route file's name after its agent's (hook-route/route-file.ts). */
const ROUTE = '-hooks.route';

const STARTED_BY = {
  copilot: { COPILOT_AGENT_SESSION_ID: 'cp-1', CLAUDE_CODE_SESSION_ID: undefined },
  'claude-code': { CLAUDE_CODE_SESSION_ID: 'cc-1', COPILOT_AGENT_SESSION_ID: undefined },
} as const;

/** The route files in the project once the server is serving, started by `by` as `--for named`. */
async function routesOf(named: string, by: keyof typeof STARTED_BY): Promise<string[]> {
  project = mkdtempSync(join(tmpdir(), 'plankeeper-starting-agent-'));
  const child = startCli(['mcp', '--for', named], {
    cwd: project,
    env: { HOME: project, PLANKEEPER_STORE: undefined, ...STARTED_BY[by] },
  });
  let stderr = '';
  const serving = new Promise<void>((resolve, reject) => {
    // Logged once the hooks' answerer, if any, has written its route (run-mcp.ts).
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (stderr.includes('MCP over stdio')) resolve();
    });
    child.on('exit', () => reject(new Error(`the server exited: ${stderr}`)));
  });
  child.stdin.write(INITIALIZE_LINE);
  try {
    await serving;
    const folder = join(project!, '.plankeeper');
    const names = existsSync(folder) ? readdirSync(folder) : [];
    return names.flatMap((name) => (name.endsWith(ROUTE) ? [name.slice(0, -ROUTE.length)] : []));
  } finally {
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.stdin.end();
    await exited;
  }
}

describe('the hooks route of the agent that started the server', () => {
  it('Copilot starting the entry Claude Code’s setup wrote: Copilot’s route', async () => {
    expect(await routesOf('claude-code', 'copilot')).toEqual(['copilot']);
  });

  it('Claude Code starting the entry Copilot’s setup wrote: no route', async () => {
    expect(await routesOf('copilot', 'claude-code')).toEqual([]);
  });

  it('Copilot starting its own entry: Copilot’s route', async () => {
    expect(await routesOf('copilot', 'copilot')).toEqual(['copilot']);
  });
});
