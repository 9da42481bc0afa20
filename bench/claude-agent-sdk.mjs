// What plankeeper adds to a Claude Agent SDK program: one PostToolUse callback answered
// in-process (no Claude Code), and a `query()` session of ten `Read` calls against the
// scripted Anthropic server of the tests, with and without `planner.options()`, alternately,
// five rounds each; medians.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PlanEngine } from 'plankeeper';
import { createPlankeeper } from 'plankeeper/claude-agent-sdk';
import { printTable } from './report.mjs';
import { importTestSupport } from './test-support.mjs';

const ROUNDS = Number(process.env.BENCH_SESSION_ROUNDS ?? 5);
const READS = 10;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One PostToolUse callback, as the SDK calls it, with an open plan in the memory store. */
async function callbackCost() {
  const engine = new PlanEngine();
  const planner = createPlankeeper({ engine });
  const { hooks } = planner.options();
  const call = (event, input) =>
    hooks[event]
      .at(-1)
      .hooks[0]({ session_id: 's', transcript_path: '', cwd: '/', ...input }, undefined, {
        signal: AbortSignal.timeout(10_000),
      });
  await call('UserPromptSubmit', { hook_event_name: 'UserPromptSubmit', prompt: 'Read it.' });
  await engine.write(planner.keyOf('s'), [{ content: 'Read it', status: 'in_progress' }]);
  const samples = [];
  for (let index = 0; index < 2000; index++) {
    const started = process.hrtime.bigint();
    await call('PostToolUse', {
      hook_event_name: 'PostToolUse',
      tool_name: 'Read',
      tool_input: {},
      tool_response: {},
      tool_use_id: `t${index}`,
    });
    // The first 200 warm the JIT up.
    if (index >= 200) samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  printTable(
    'one PostToolUse callback, in-process, memory store (ms)',
    ['median', 'p95'],
    [[median(samples), [...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.95)]]],
  );
}

export default async function claudeAgentSdk() {
  await callbackCost();
  const { SdkSandbox, callTool, say } = await importTestSupport(
    'packages/plankeeper/test/adapters/claude-agent-sdk/support/run-query.ts',
  );
  const times = { without: [], with: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const variant of ['without', 'with']) {
      const sandbox = await SdkSandbox.start([]);
      try {
        const notes = join(sandbox.dirs.project, 'notes.txt');
        writeFileSync(notes, 'n\n');
        sandbox.server.script(
          ...Array.from({ length: READS }, () => callTool('Read', { file_path: notes })),
          say('Read it.'),
        );
        const own = { allowedTools: ['Read'] };
        const options = variant === 'with' ? createPlankeeper().options(own) : own;
        const started = process.hrtime.bigint();
        const run = await sandbox.run('Read the notes.', options);
        if (run.result !== 'Read it.') throw new Error(`the ${variant} session failed`);
        times[variant].push(Number(process.hrtime.bigint() - started) / 1e6);
      } finally {
        await sandbox.dispose();
      }
    }
  }
  printTable(
    `a query() session of ${READS} Read calls (median of ${ROUNDS} rounds, ms)`,
    ['without plankeeper', 'with plankeeper', 'added'],
    [[median(times.without), median(times.with), median(times.with) - median(times.without)]],
  );
}
