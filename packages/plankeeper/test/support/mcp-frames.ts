/**
 * MCP by hand, for the tests of serveStdio and serveHttp: the frames a client writes, and pipes
 * standing in for the process's stdin and stdout.
 */
import { PassThrough } from 'node:stream';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

/** A client's first request. */
export const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: LATEST_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'pipe', version: '1' },
  },
};

export const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };

/** Newline-delimited JSON, as the stdio transport reads it. */
export function lines(...messages: object[]): string {
  return messages.map((message) => `${JSON.stringify(message)}\n`).join('');
}

/** A stdin and a stdout for the server, and the messages written to that stdout so far. */
export function pipes() {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let output = '';
  stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const messages = () =>
    output
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line));
  return { stdin, stdout, messages };
}
