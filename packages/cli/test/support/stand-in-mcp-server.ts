/**
 * The stand-in MCP server (stand-in-mcp-server.mjs beside this file) as the coding-agent
 * tests start and read it: a host's MCP config names `process.execPath` with
 * `standInMcpArgs(log, options)`; `readStandInLog(log)` gives each start of the server (its
 * environment, what it was started with) with the messages the host sent it.
 *
 * @example
 * const log = join(sandbox.root, 'stand-in.jsonl');
 * const entry = { command: process.execPath, args: standInMcpArgs(log, { tool: 'echo' }) };
 * // ... run the host ...
 * standInMessages(log).filter((message) => message.method === 'tools/call');
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const STAND_IN_MCP_SERVER = fileURLToPath(
  new URL('./stand-in-mcp-server.mjs', import.meta.url),
);

export interface StandInOptions {
  /** The one tool it offers (see stand-in-mcp-server.mjs); default `todo_write`. */
  tool?: 'todo_write' | 'echo' | 'show_plan';
  /** Each result also carries the tool's `structuredContent`. */
  structured?: boolean;
  /** Every call is answered with this text instead of the tool's own. */
  text?: string;
}

/** The server's arguments after `node`: the script, the log file and the options. */
export function standInMcpArgs(log: string, options: StandInOptions = {}): string[] {
  return [
    STAND_IN_MCP_SERVER,
    log,
    ...(options.tool === undefined ? [] : ['--tool', options.tool]),
    ...(options.structured ? ['--structured'] : []),
    ...(options.text === undefined ? [] : ['--text', options.text]),
  ];
}

/** A JSON-RPC message the server received. */
export interface StandInMessage {
  id?: number | string;
  method?: string;
  params?: Record<string, unknown>;
  [key: string]: unknown;
}

/** One process of the server: its ids, arguments and whole environment, and what it received. */
export interface StandInProcess {
  pid: number;
  ppid: number;
  argv: string[];
  env: Record<string, string>;
  messages: StandInMessage[];
}

/** Each start of the server logged to `log`, in order (a host may start one per session). */
export function readStandInLog(log: string): StandInProcess[] {
  const processes: StandInProcess[] = [];
  if (!existsSync(log)) return processes;
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    if (line === '') continue;
    const { kind, message, ...start } = JSON.parse(line) as Omit<StandInProcess, 'messages'> & {
      kind: 'start' | 'message';
      message?: StandInMessage;
    };
    if (kind === 'start') processes.push({ ...start, messages: [] });
    else if (message !== undefined) processes.at(-1)?.messages.push(message);
  }
  return processes;
}

/** Every message the server received, across its starts. */
export function standInMessages(log: string): StandInMessage[] {
  return readStandInLog(log).flatMap((started) => started.messages);
}
