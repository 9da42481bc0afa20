/**
 * Codex's own account of the hooks it found, from `codex app-server` (JSON-RPC over stdio,
 * one JSON object a line): `initialize`, `initialized`, then `hooks/list`. Each hook has a
 * `key` (`<hooks.json path>:<event_snake_case>:<group>:<handler>`), a `currentHash`
 * (`sha256:...`) and a `trustStatus`. Writing
 *
 *   [hooks.state."<key>"]
 *   trusted_hash = "<currentHash>"
 *
 * into $CODEX_HOME/config.toml is what trusting the hook in the TUI's /hooks does; after
 * that the hook runs without --dangerously-bypass-hook-trust (until its definition changes).
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { CODEX_BIN, type CodexWorkspace } from './run-codex.js';

export interface ListedHook {
  key: string;
  eventName: string;
  command: string;
  timeoutSec: number;
  source: string;
  currentHash: string;
  trustStatus: string;
  [field: string]: unknown;
}

export function listHooks(ws: CodexWorkspace, timeoutMs = 15_000): Promise<ListedHook[]> {
  const child = spawn(CODEX_BIN, ['app-server'], {
    cwd: ws.project,
    env: ws.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  const stop = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('codex app-server: no hooks/list answer in time'));
    }, timeoutMs);
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
        let message: {
          id?: number;
          result?: { data?: { hooks: ListedHook[] }[] };
          error?: unknown;
        };
        try {
          message = JSON.parse(line);
        } catch {
          continue;
        }
        if (message.id === 1) {
          send({ method: 'initialized' });
          send({ id: 2, method: 'hooks/list', params: {} });
        } else if (message.id === 2) {
          clearTimeout(timer);
          stop();
          if (message.error !== undefined) reject(new Error(JSON.stringify(message.error)));
          else resolve((message.result?.data ?? []).flatMap((entry) => entry.hooks));
        }
      }
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    send({
      id: 1,
      method: 'initialize',
      params: { clientInfo: { name: 'plankeeper-test', version: '0' } },
    });
  });
}

/** Records every listed hook as trusted in the user config, as /hooks would. */
export async function trustAllHooks(ws: CodexWorkspace): Promise<ListedHook[]> {
  const hooks = await listHooks(ws);
  const lines = hooks.flatMap((hook) => [
    `[hooks.state.${JSON.stringify(hook.key)}]`,
    `trusted_hash = ${JSON.stringify(hook.currentHash)}`,
  ]);
  appendFileSync(join(ws.codexHome, 'config.toml'), `\n${lines.join('\n')}\n`);
  return hooks;
}
