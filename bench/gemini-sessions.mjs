// What plankeeper adds to a real Gemini CLI session: the pinned CLI (test/tools) against the
// scripted Gemini server of the real-CLI tests, a session of N calls of a stand-in MCP server's
// `echo` tool (both projects have it, trusted), measured as session-cost.mjs says.
import { join } from 'node:path';
import { COMMAND_HOOK_TARGETS, ROUTES, sessionCost, setUp, standInEcho } from './session-cost.mjs';
import { importTestSupport } from './test-support.mjs';

export default async function geminiSessions() {
  const { createGeminiSandbox, runGemini, describeRun } = await importTestSupport(
    'packages/cli/test/coding-agents/gemini/support/gemini-runner.ts',
  );
  const { GeminiModelServer } = await importTestSupport(
    'packages/cli/test/coding-agents/gemini/support/gemini-model-server.ts',
  );
  const sandbox = () => {
    const made = createGeminiSandbox();
    const standin = { ...standInEcho(join(made.root, 'standin.log')), trust: true };
    made.writeProjectSettings({ mcpServers: { standin } });
    return made;
  };
  const sandboxes = { bare: sandbox(), kept: sandbox() };
  try {
    setUp('gemini', sandboxes.kept.project, { HOME: sandboxes.kept.home });
    return await sessionCost(
      'Gemini CLI',
      'MCP echo',
      async (variant, calls) => {
        const server = await GeminiModelServer.start([
          ...Array.from({ length: calls }, (_, call) => ({
            call: 'mcp_standin_echo',
            args: { text: String(call) },
          })),
          { text: 'Echoed.' },
        ]);
        try {
          const run = await runGemini(sandboxes[variant], {
            server,
            prompt: 'Echo.',
            timeoutMs: 180_000,
          });
          if (
            run.code !== 0 ||
            server.exhausted !== 0 ||
            !run.json?.response?.includes('Echoed.')
          ) {
            throw new Error(`Gemini session of ${calls} calls failed: ${describeRun(run)}`);
          }
          const main = server.requests.filter((request) => request.role === 'main');
          return { ms: run.durationMs, requests: main.map((request) => request.receivedAt) };
        } finally {
          await server.close();
        }
      },
      { ...COMMAND_HOOK_TARGETS, route: ROUTES.forwarder },
    );
  } finally {
    sandboxes.bare.remove();
    sandboxes.kept.remove();
  }
}
