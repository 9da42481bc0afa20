// What plankeeper adds to a real GitHub Copilot CLI session: the pinned CLI (test/tools)
// against the scripted Responses server of its real-CLI tests, a session of N `view` calls
// (then an answer), in a project without plankeeper and in one after `plankeeper setup
// copilot`, alternately, three rounds each; medians; per tool call and per session as
// session-cost.mjs says (measureSessions).
// With COPILOT_CLI_ENABLED_FEATURE_FLAGS=EXTENSIONS in the bench's environment, setup chooses
// the extension route and every Copilot run loads it: targets 10 ms per tool call, 400 ms per
// session. Without it, every Copilot hook is a `plankeeper hook` process, so the targets are in
// that process's time, measured in the same run: per tool call at most 1.5 of them (its
// postToolUse), per session at most 6 (sessionStart, userPromptSubmitted, agentStop, the MCP
// server's start beside them).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verdict } from './report.mjs';
import { measureSessions, median } from './session-cost.mjs';
import { importTestSupport } from './test-support.mjs';

const root = new URL('../', import.meta.url).pathname;
const PER_CALL_PROCESSES = 1.5;
const PER_SESSION_PROCESSES = 6;

const EXTENSION_ROUTE = (process.env.COPILOT_CLI_ENABLED_FEATURE_FLAGS ?? '')
  .split(',')
  .includes('EXTENSIONS');
/** What `copilot -p` needs to load a project's extension (setup's report says the same). */
const EXTENSIONS_ON = {
  COPILOT_CLI_ENABLED_FEATURE_FLAGS: 'EXTENSIONS',
  GITHUB_COPILOT_PROMPT_MODE_EXTENSIONS: 'true',
};

/** One postToolUse answered by a `plankeeper hook copilot` process on SQLite; median, ms. */
function hookProcessMs(dir) {
  const input = join(root, 'packages/cli/test/coding-agents/copilot/fixtures/postToolUse.json');
  const times = [];
  for (let run = 0; run < 9; run++) {
    const started = process.hrtime.bigint();
    const done = spawnSync(
      process.execPath,
      [
        join(root, 'bin/plankeeper.js'),
        'hook',
        'copilot',
        'postToolUse',
        '--store',
        `sqlite:${join(dir, 'bench.db')}`,
      ],
      { input: readFileSync(input) },
    );
    if (done.status !== 0) throw new Error('plankeeper hook failed');
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(times);
}

export default async function copilotSessions() {
  const { createCopilotSandbox, runCopilot } = await importTestSupport(
    'packages/cli/test/coding-agents/copilot/support/run-copilot.ts',
  );
  const { ResponsesServer, callTool, say } = await importTestSupport(
    'packages/cli/test/coding-agents/codex/support/responses-server.ts',
  );
  const bare = createCopilotSandbox();
  const kept = createCopilotSandbox();
  try {
    for (const sandbox of [bare, kept]) {
      sandbox.writeProjectFile('notes.txt', 'n\n');
      // Both alike: the feature on costs Copilot itself something too.
      if (EXTENSION_ROUTE) Object.assign(sandbox.env, EXTENSIONS_ON);
    }
    const setup = spawnSync(
      process.execPath,
      [join(root, 'bin/plankeeper.js'), 'setup', 'copilot', '--dir', kept.project],
      { env: { ...process.env, HOME: kept.home }, encoding: 'utf8' },
    );
    if (setup.status !== 0) throw new Error(`setup failed: ${setup.stderr}`);

    const session = async (sandbox, views) => {
      const model = await ResponsesServer.start([
        ...Array.from({ length: views }, () => callTool('view', { path: 'notes.txt' })),
        say('Read it.'),
      ]);
      try {
        const started = process.hrtime.bigint();
        const run = await runCopilot(sandbox, {
          modelUrl: model.url,
          prompt: 'Read the notes.',
          allowAllTools: true,
          timeoutMs: 120_000,
        });
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (run.code !== 0 || run.stdout.trim() !== 'Read it.' || model.pending !== 0) {
          throw new Error(`session of ${views} views failed: exit ${run.code}\n${run.stderr}`);
        }
        return { ms, requests: model.main.map((request) => request.receivedAt) };
      } finally {
        await model.close();
      }
    };

    // measureSessions runs one session each first: the first start unpacks Copilot's runtime
    // into its cache.
    const sandboxes = { bare, kept };
    const { perCall, meanPerCall, slope, perSession, load } = await measureSessions(
      'a Copilot CLI session of N view calls',
      (variant, views) => session(sandboxes[variant], views),
    );
    const hook = hookProcessMs(kept.root);
    console.log(`one plankeeper hook process (postToolUse, median of 9): ${hook.toFixed(0)} ms`);
    const summary = { agent: 'Copilot CLI', perCall, meanPerCall, slope, perSession, load };
    if (EXTENSION_ROUTE) {
      console.log('route: the extension, answered by the MCP server Copilot started');
      verdict('per tool call', perCall <= 10, `${perCall.toFixed(1)} ms added (target <= 10 ms)`);
      verdict(
        'per session',
        perSession <= 400,
        `${perSession.toFixed(0)} ms added (target <= 400 ms)`,
      );
      return {
        ...summary,
        route: 'extension, answered by its plankeeper MCP server',
        perCallTarget: 10,
        perSessionTarget: 400,
      };
    }
    console.log('route: a plankeeper hook process per event');
    verdict(
      'per tool call',
      perCall <= PER_CALL_PROCESSES * hook,
      `${perCall.toFixed(1)} ms added (target <= ${PER_CALL_PROCESSES} hook processes)`,
    );
    verdict(
      'per session',
      perSession <= PER_SESSION_PROCESSES * hook,
      `${perSession.toFixed(0)} ms added (target <= ${PER_SESSION_PROCESSES} hook processes)`,
    );
    return {
      ...summary,
      route: 'a plankeeper hook process per event',
      perCallTarget: PER_CALL_PROCESSES * hook,
      perSessionTarget: PER_SESSION_PROCESSES * hook,
    };
  } finally {
    bare.dispose();
    kept.dispose();
  }
}
