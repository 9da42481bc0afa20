/**
 * The streams `plankeeper mcp` serves over stdio: the process's own, or the ones the bin's
 * early answers hand it (mcp-early/early-answers.ts), which stand between the client and the
 * server while the server loads.
 */
import type { Readable, Writable } from 'node:stream';

export interface McpStdio {
  stdin: Readable;
  stdout: Writable;
}

let given: McpStdio | undefined;

/** Serve over `stdio` instead of the process's stdin and stdout. */
export function useMcpStdio(stdio: McpStdio): void {
  given = stdio;
}

export function mcpStdio(): McpStdio {
  return given ?? { stdin: process.stdin, stdout: process.stdout };
}
