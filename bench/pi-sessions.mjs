// What plankeeper adds to a real Pi session: the pinned CLI (`pi --mode rpc`) against the
// scripted OpenAI-compatible server of the real-CLI tests, a session of N calls of Pi's own
// `read` tool (then an answer), measured as session-cost.mjs says. plankeeper runs inside Pi's
// process there (the extension setup writes), so a tool call costs no process and no round
// trip: only the extension's own work and the store's.
import { performance } from 'node:perf_hooks';
import { ROUTES, sessionCost, setUp } from './session-cost.mjs';
import { importTestSupport } from './test-support.mjs';

export default async function piSessions() {
  const { PiSandbox } = await importTestSupport(
    'packages/cli/test/coding-agents/pi/support/pi-runner.ts',
  );
  const { FakeProviderServer, openaiWire } = await importTestSupport(
    'packages/cli/test/support/fake-provider-server.ts',
  );
  const read = (call) =>
    openaiWire.stream({
      deltas: [
        {
          toolCall: {
            index: 0,
            id: `call_${call}`,
            name: 'read',
            arguments: JSON.stringify({ path: 'notes.txt' }),
          },
        },
      ],
    });
  const sandboxes = { bare: PiSandbox.create(), kept: PiSandbox.create() };
  try {
    for (const sandbox of Object.values(sandboxes)) sandbox.writeProjectFile('notes.txt', 'n\n');
    setUp('pi', sandboxes.kept.project, { HOME: sandboxes.kept.home });
    return await sessionCost(
      'Pi',
      'read',
      async (variant, calls) => {
        const server = await FakeProviderServer.start();
        server.reply(
          ...Array.from({ length: calls }, (_, call) => read(call)),
          openaiWire.stream({ deltas: [{ content: 'Read it.' }] }),
        );
        try {
          const started = performance.now();
          const run = await sandboxes[variant].run({ server, prompts: ['Read the notes.'] });
          const ms = Math.round(performance.now() - started);
          if (server.pending !== 0 || !run.stdout.includes('Read it.')) {
            throw new Error(`Pi session of ${calls} calls failed:\n${run.stderr.slice(-2000)}`);
          }
          return { ms, requests: server.requests.map((request) => request.receivedAt) };
        } finally {
          await server.close();
        }
      },
      { route: ROUTES.pi },
    );
  } finally {
    await sandboxes.bare.dispose();
    await sandboxes.kept.dispose();
  }
}
