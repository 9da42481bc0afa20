/**
 * A Claude Code hook handler as `plankeeper setup claude-code` writes it, run as Claude Code
 * 2.1.328 runs it, for tests without the CLI: a `command` handler as a process with the hook
 * input on stdin; an `mcp_tool` handler as a `tools/call` to the project's MCP server, each
 * `${path}` in its `input` filled from the hook input (a missing field gives "", an object its
 * JSON, anything else its text). Either way the answer is the text the hook gave.
 */
import { spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export interface HookHandler {
  type: string;
  command?: string;
  args?: string[];
  server?: string;
  tool?: string;
  input?: Record<string, unknown>;
}

/** One matcher group of an event in `.claude/settings.json`, as setup writes it. */
export interface HookEntry {
  matcher?: string;
  hooks: HookHandler[];
}

/** Claude Code's filling of an mcp_tool hook's `input` from the hook input. */
export function fillHookInput(template: unknown, input: Record<string, unknown>): unknown {
  if (typeof template === 'string') {
    return template.replace(/\$\{([a-zA-Z_][a-zA-Z0-9_.]*)\}/g, (_, path: string) => {
      let value: unknown = input;
      for (const part of path.split('.')) {
        value =
          value !== null && typeof value === 'object'
            ? (value as Record<string, unknown>)[part]
            : undefined;
      }
      if (value === undefined || value === null) return '';
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    });
  }
  if (Array.isArray(template)) return template.map((each) => fillHookInput(each, input));
  if (template !== null && typeof template === 'object') {
    return Object.fromEntries(
      Object.entries(template).map(([name, value]) => [name, fillHookInput(value, input)]),
    );
  }
  return template;
}

/** The session id the stand-in starts servers under, as Claude Code gives its own. */
export const STAND_IN_SESSION = 'stand-in-session';

/** A client of the MCP server an `.mcp.json` entry starts (close it after). */
export async function connectServer(
  entry: { command: string; args: string[] },
  /** The environment Claude Code gives its servers (its project directory, say). */
  env?: Record<string, string>,
) {
  const client = new Client({ name: 'claude-code-stand-in', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: entry.command,
      args: entry.args,
      stderr: 'ignore',
      // Claude Code marks the servers it starts with its session id; the hook tool answers
      // only a server so started (hook/mcp-host-tools.ts).
      env: { ...getDefaultEnvironment(), CLAUDE_CODE_SESSION_ID: STAND_IN_SESSION, ...env },
    }),
  );
  return client;
}

/** Runs `handler` on `input`: its stdout (command) or its result's text (mcp_tool). */
export async function runHookHandler(
  handler: HookHandler,
  input: Record<string, unknown>,
  server: Client,
  /** The environment Claude Code gives its hooks. */
  env?: NodeJS.ProcessEnv,
): Promise<{ text: string; failed: boolean }> {
  if (handler.type === 'command') {
    const result = spawnSync(handler.command!, handler.args ?? [], {
      ...(env && { env }),
      input: JSON.stringify(input),
      encoding: 'utf8',
      timeout: 15_000,
    });
    return { text: result.stdout.trim(), failed: result.status !== 0 || result.stderr !== '' };
  }
  const result = (await server.callTool({
    name: handler.tool!,
    arguments: fillHookInput(handler.input ?? {}, input) as Record<string, unknown>,
  })) as CallToolResult;
  const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
  return { text, failed: result.isError === true };
}
