/**
 * Checks before done through the real SDK loop, where the contract suite cannot reach: the
 * model edits the project with Claude Code's own Bash tool, the check runs in the query's
 * `cwd` when `verify` names none, and the Stop callback gets a timeout that fits the checks.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigurationError, PlanEngine } from 'plankeeper';
import { createPlankeeper } from 'plankeeper/claude-agent-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { callTool, SdkSandbox, say } from './support/run-query.js';

let sandbox: SdkSandbox | undefined;
afterEach(async () => {
  await sandbox?.dispose();
  sandbox = undefined;
});

const CHECK = `import { appendFileSync, existsSync, readFileSync } from 'node:fs';
appendFileSync('runs.txt', 'run\\n');
const text = existsSync('greet.txt') ? readFileSync('greet.txt', 'utf8').trim() : '';
if (text !== 'hello') {
  console.error(\`greet.txt says "\${text}"\`);
  process.exit(1);
}
`;

describe('plankeeper/claude-agent-sdk checks before done', () => {
  it("runs the check in the query's cwd after the model's edits with Claude Code's Bash: refused, then through", async () => {
    sandbox = await SdkSandbox.start([
      callTool('Bash', { command: 'echo helo > greet.txt' }),
      say('Done.'),
      callTool('Bash', { command: 'echo hello > greet.txt' }),
      say('Done, fixed.'),
    ]);
    const project = sandbox.dirs.project;
    writeFileSync(join(project, 'check.mjs'), CHECK);
    writeFileSync(join(project, '.gitignore'), 'runs.txt\n.claude/\n');
    const git = (...args: string[]) => execFileSync('git', args, { cwd: project, stdio: 'ignore' });
    git('init', '-q');
    git('add', '.');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'start');
    const engine = new PlanEngine();
    const planner = createPlankeeper({ engine, verify: 'node check.mjs' });

    const run = await sandbox.run(
      'Make greet.txt say hello.',
      planner.options({ ...sandbox.options(), allowedTools: ['Bash'] }),
    );

    expect(run.result).toBe('Done, fixed.');
    expect(sandbox.server.unusedSteps).toBe(0);
    expect(sandbox.seenMain(2)).toMatch(
      /Not done yet: the check `node check\.mjs` fails after your changes \(exit 1 in [\d.]+ s\)\. Its last lines:\n```\ngreet\.txt says "helo"\n```/,
    );
    expect(readFileSync(join(project, 'runs.txt'), 'utf8')).toBe('run\nrun\n');
  });

  it('gives the Stop callback a timeout that fits the checks, and only with checks', () => {
    const stopOf = (options: Parameters<typeof createPlankeeper>[0]) =>
      createPlankeeper(options).options({ cwd: '/' }).hooks?.Stop?.at(-1);
    expect(stopOf({ verify: { command: 'npm test', timeoutMs: 120_000 } })?.timeout).toBe(133);
    expect(
      stopOf({ verify: ['npm test', { command: 'npm run lint', timeoutMs: 60_000 }] })?.timeout,
    ).toBe(373);
    expect(stopOf({})?.timeout).toBeUndefined();
    // The other events keep the SDK's own timeout.
    const hooks = createPlankeeper({ verify: 'npm test' }).options({}).hooks;
    expect(hooks?.PostToolUse?.at(-1)?.timeout).toBeUndefined();
  });

  it('refuses a malformed verify when the planner is made', () => {
    expect(() => createPlankeeper({ verify: { command: '' } })).toThrow(ConfigurationError);
    expect(() => createPlankeeper({ verify: { command: 'npm test', timeoutMs: 0 } })).toThrow(
      /verify\.timeoutMs must be a positive number/,
    );
  });
});
