#!/usr/bin/env node
// plankeeper's bin for the real-CLI setup tests: the real bin, after noting each hook event
// the coding agent ran in PLANKEEPER_TEST_HOOK_LOG, so a test can see which hooks setup's
// config made it run. Named plankeeper.js, because setup recognises its hooks by that name.
// A hook the agent sends to the MCP server (a call of its `hook` tool, as Claude Code's
// mcp_tool hooks do) is noted as the server reads it, in the same words.
const args = process.argv.slice(2);
const log = process.env.PLANKEEPER_TEST_HOOK_LOG;
// The pid of each `hook <agent> --serve` process (OpenCode's plugin keeps one), for a test
// that kills it.
const servePids = process.env.PLANKEEPER_TEST_SERVE_PIDS;
if (servePids && args[0] === 'hook' && args[2] === '--serve') {
  const { appendFileSync } = await import('node:fs');
  appendFileSync(servePids, `${process.pid}\n`);
}
if (log) {
  const { appendFileSync } = await import('node:fs');
  if (args[0] === 'hook') appendFileSync(log, `${args.slice(0, 3).join(' ')}\n`);
  // Each `plankeeper mcp` process, apart: where a relay stands in front of it (OpenCode's), a
  // process here means the relay fell back to one.
  if (args[0] === 'mcp') appendFileSync(`${log}.mcp`, `${args.join(' ')}\n`);
  const agent = args[args.indexOf('--for') + 1];
  if (args[0] === 'mcp' && args.includes('--for')) {
    // Read beside the server, without a listener of our own (which would start the stream
    // flowing before the server listens).
    let pending = '';
    const emit = process.stdin.emit.bind(process.stdin);
    process.stdin.emit = (name, ...rest) => {
      if (name === 'data') {
        const lines = (pending + String(rest[0])).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          try {
            const { method, params } = JSON.parse(line);
            if (method === 'tools/call' && params?.name === 'hook') {
              appendFileSync(log, `hook ${agent} ${params.arguments?.event}\n`);
            }
          } catch {}
        }
      }
      return emit(name, ...rest);
    };
  }
}
// A hook event the forwarder hands to the server (hook-route/) is noted as the server reads it,
// in the same words, and again in `<log>.routed`, so a test can tell it from a process; one
// without the route's secret is not (the server refuses it), nor one it passes back. Codex
// gives its MCP servers only a few variables (HOME among them): without the log's, the
// sandbox's log beside HOME.
if (args[0] === 'mcp' && args.includes('--for')) {
  const { appendFileSync, readdirSync, readFileSync } = await import('node:fs');
  const { dirname, join } = await import('node:path');
  // Any route's: the server writes the route of the agent that started it, which a shared
  // `.mcp.json` entry's `--for` does not name (mcp-keying.ts startingAgent).
  const secrets = () => {
    const folder = join(process.cwd(), '.plankeeper');
    try {
      return readdirSync(folder)
        .filter((name) => name.endsWith('-hooks.route'))
        .map((name) => readFileSync(join(folder, name), 'utf8').trim().split(' ')[2]);
    } catch {
      return [];
    }
  };
  const home = process.env.HOME;
  const routeLog = log ?? (home ? join(dirname(home), 'hooks.log') : undefined);
  const { Server } = await import('node:net');
  const emitServer = Server.prototype.emit;
  Server.prototype.emit = function (name, socket, ...rest) {
    if (name === 'connection' && routeLog) {
      let text = '';
      socket.on('data', (chunk) => {
        if (text === undefined) return;
        text += String(chunk);
        // The request is whole at its end byte (hook-route/route-request.ts).
        if (!text.includes('\x1e')) return;
        const lines = text.split('\n');
        if (!secrets().includes(lines[1])) return;
        const envCount = Number(lines[3]);
        const words = Number(lines[4 + envCount]);
        const command = lines.slice(5 + envCount, 5 + envCount + words);
        const hook = command.indexOf('hook');
        const line = `${command.slice(hook, hook + 3).join(' ')}\n`;
        text = undefined;
        // Noted once answered: an event the server passes back goes to a hook process.
        const end = socket.end.bind(socket);
        socket.end = (reply, ...more) => {
          if (String(reply).startsWith('ok\n')) {
            appendFileSync(routeLog, line);
            appendFileSync(`${routeLog}.routed`, line);
          }
          return end(reply, ...more);
        };
      });
    }
    return emitServer.call(this, name, socket, ...rest);
  };
}
await import(new URL('../../../../../bin/plankeeper.js', import.meta.url).href);
