// What plankeeper adds to a real OpenCode session: the pinned CLI (test/tools) against the
// scripted chat server of the real-CLI tests, a session of N calls of a stand-in MCP server's
// `echo` tool (both projects have it), measured as session-cost.mjs says. plankeeper runs in
// OpenCode's own process there (the plugin setup writes), beside its MCP server.
import { join } from 'node:path';
import { sessionCost, setUp, standInEcho } from './session-cost.mjs';
import { importTestSupport } from './test-support.mjs';

export default async function opencodeSessions() {
  const { OpencodeSandbox } = await importTestSupport(
    'packages/cli/test/coding-agents/opencode/support/opencode-runner.ts',
  );
  const { ScriptedChatServer, callTool, say } = await importTestSupport(
    'packages/cli/test/coding-agents/opencode/support/scripted-chat-server.ts',
  );
  const sandbox = async () => {
    const made = await OpencodeSandbox.create();
    const { command, args } = standInEcho(join(made.root, 'standin.log'));
    made.writeProjectFile('opencode.json', {
      $schema: 'https://opencode.ai/config.json',
      mcp: { standin: { type: 'local', command: [command, ...args] } },
    });
    return made;
  };
  const sandboxes = { bare: await sandbox(), kept: await sandbox() };
  try {
    setUp('opencode', sandboxes.kept.project, { HOME: sandboxes.kept.home });
    await sessionCost('OpenCode', 'MCP echo', async (variant, calls) => {
      const server = await ScriptedChatServer.start([
        ...Array.from({ length: calls }, (_, call) =>
          callTool('standin_echo', { text: String(call) }),
        ),
        say('Echoed.'),
      ]);
      try {
        const run = await sandboxes[variant].run({
          server,
          prompt: 'Echo.',
          logLevel: false,
          timeoutMs: 180_000,
        });
        if (run.code !== 0 || server.pending !== 0 || !run.text.includes('Echoed.')) {
          throw new Error(
            `OpenCode session of ${calls} calls failed: exit ${run.code}\n${run.stderr.slice(-2000)}`,
          );
        }
        return run.durationMs;
      } finally {
        await server.close();
      }
    });
  } finally {
    await sandboxes.bare.dispose();
    await sandboxes.kept.dispose();
  }
}
