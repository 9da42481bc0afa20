// What plankeeper adds to a real Codex session: the pinned CLI (test/tools) against the scripted
// Responses server of the real-CLI tests, a session of N calls of a stand-in MCP server's `echo`
// tool (both projects have it), measured as session-cost.mjs says. The hooks run with the trust
// setup records, as a person's would.
import { join } from 'node:path';
import { COMMAND_HOOK_TARGETS, ROUTES, sessionCost, setUp, standInEcho } from './session-cost.mjs';
import { importTestSupport } from './test-support.mjs';

export default async function codexSessions() {
  const { createCodexWorkspace, runCodex, describeRun } = await importTestSupport(
    'packages/cli/test/coding-agents/codex/support/run-codex.ts',
  );
  const { ResponsesServer, mcpCall, say } = await importTestSupport(
    'packages/cli/test/coding-agents/codex/support/responses-server.ts',
  );
  const workspaces = { bare: createCodexWorkspace(), kept: createCodexWorkspace() };
  try {
    return await sessionCost(
      'Codex',
      'MCP echo',
      async (variant, calls) => {
        const ws = workspaces[variant];
        const server = await ResponsesServer.start([
          ...Array.from({ length: calls }, (_, call) =>
            mcpCall('standin', 'echo', { text: String(call) }),
          ),
          say('Echoed.'),
        ]);
        try {
          // The model server's port is new each session: the config names it, then setup merges in.
          ws.configure({
            modelUrl: server.url,
            mcpServers: { standin: standInEcho(join(ws.root, 'standin.log')) },
          });
          if (variant === 'kept') setUp('codex', ws.project, ws.env);
          const run = await runCodex(ws, {
            prompt: 'Echo.',
            bypassHookTrust: false,
            timeoutMs: 180_000,
          });
          if (run.code !== 0 || server.unscripted !== 0 || server.pending !== 0) {
            throw new Error(`Codex session of ${calls} calls failed: ${describeRun(run)}`);
          }
          return { ms: run.ms, requests: server.main.map((request) => request.receivedAt) };
        } finally {
          await server.close();
        }
      },
      { ...COMMAND_HOOK_TARGETS, route: ROUTES.forwarder },
    );
  } finally {
    workspaces.bare.dispose();
    workspaces.kept.dispose();
  }
}
