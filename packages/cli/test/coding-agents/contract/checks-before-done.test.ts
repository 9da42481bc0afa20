/**
 * Checks before done, the contract every coding agent keeps: `plankeeper hook <agent> … --verify
 * CMD`, run as the agent runs it (the built bin, one process per event, on the agent's recorded
 * inputs), notes the workspace when a prompt arrives and, when the model wants to answer after
 * the workspace changed, runs the person's check: a failure refuses the answer with the
 * command, its exit code and its last lines; a pass lets it through; a turn that changed
 * nothing runs nothing; a check that never passes refuses exactly `--verify-refusals` times,
 * then the answer goes through and the person is told in the agent's channel for them; a
 * check past its time is refused as timed out; one that cannot start blocks nothing and is
 * said once. A counter file outside the project counts the runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CodingAgentContractInputs, HookInput } from '../support/contract-inputs.js';

const BIN = fileURLToPath(new URL('../../../bin/plankeeper.js', import.meta.url));

/**
 * Each agent's prompt and stop events, and where it tells the person (its hook output's
 * field for them, or the hook's stderr where it shows none).
 */
const AGENTS = [
  { name: 'claude-code', prompt: 'UserPromptSubmit', stop: 'Stop', notice: 'stdout' },
  { name: 'codex', prompt: 'UserPromptSubmit', stop: 'Stop', notice: 'stdout' },
  { name: 'gemini', prompt: 'BeforeAgent', stop: 'AfterAgent', notice: 'stdout' },
  { name: 'copilot', prompt: 'userPromptSubmitted', stop: 'agentStop', notice: 'stderr' },
  {
    name: 'opencode',
    prompt: 'chat.message',
    stop: 'experimental.text.complete',
    notice: 'stdout',
  },
] as const;

/** Passes once greet.txt says hello; otherwise prints what it found and exits 3. */
const CHECK = `import fs from 'node:fs';
const text = fs.existsSync('greet.txt') ? fs.readFileSync('greet.txt', 'utf8').trim() : '(none)';
if (text === 'hello') process.exit(0);
console.log('greet.txt says ' + JSON.stringify(text) + ', expected "hello"');
process.exit(3);
`;

/** Every text of a JSON output (or the text itself), so a test reads what the agent shows. */
function texts(output: string): string {
  if (output.trim() === '') return '';
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') found.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  try {
    walk(JSON.parse(output));
  } catch {
    return output;
  }
  return found.join('\n');
}

describe.each(AGENTS)('$name: checks before done', (agent) => {
  let root: string;
  let project: string;
  let counter: string;
  let inputs: CodingAgentContractInputs['events'];

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'pk-checks-contract-'));
    project = join(root, 'project');
    counter = join(root, 'runs.txt');
    mkdirSync(project);
    writeFileSync(join(project, 'check.mjs'), CHECK);
    writeFileSync(counter, '');
    inputs = (
      (await import(`../${agent.name}/contract-inputs.ts`)) as { inputs: CodingAgentContractInputs }
    ).inputs.events;
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** The check command, counting its runs in a file outside the project. */
  const counted = (command: string) =>
    `node -e "require('fs').appendFileSync(${JSON.stringify(counter).replaceAll('"', "'")},'x')" && ${command}`;
  const runs = () => readFileSync(counter, 'utf8').length;

  /** One hook event as the agent runs it: the recorded input, in this project. */
  function hook(event: string, checks: string[]) {
    const input: HookInput = { ...inputs[event]! };
    // The agents that send their session's folder: this project.
    if ('cwd' in input) input.cwd = project;
    const run = spawnSync(process.execPath, [BIN, 'hook', agent.name, event, ...checks], {
      input: JSON.stringify(input),
      cwd: project,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: root },
      timeout: 30_000,
    });
    expect(run.status, `${event}: ${run.stderr}`).toBe(0);
    return { shown: texts(run.stdout), stderr: run.stderr };
  }
  const prompt = (checks: string[]) => hook(agent.prompt, checks);
  const stop = (checks: string[]) => hook(agent.stop, checks);
  const noticeOf = (answer: { shown: string; stderr: string }) =>
    agent.notice === 'stdout' ? answer.shown : answer.stderr;
  const greet = (text: string) => writeFileSync(join(project, 'greet.txt'), `${text}\n`);

  it('a failing check refuses the answer with the command, exit code and tail; after the fix it goes through', () => {
    const checks = ['--verify', counted('node check.mjs')];
    expect(prompt(checks).stderr).toBe('');
    greet('helo');
    const refused = stop(checks);
    expect(refused.shown).toContain('node check.mjs` fails after your changes (exit 3 in');
    expect(refused.shown).toContain('greet.txt says "helo", expected "hello"');
    expect(refused.shown).toContain('(Refusal 1 of 3;');
    expect(runs()).toBe(1);

    greet('hello');
    const passed = stop(checks);
    expect(passed.shown).not.toContain('node check.mjs');
    expect(passed.stderr).toBe('');
    expect(runs()).toBe(2);

    // A question-only turn: nothing changed since the checks passed, nothing runs.
    prompt(checks);
    expect(stop(checks).shown).not.toContain('node check.mjs');
    expect(runs()).toBe(2);
  });

  it('refuses in Chinese with --lang zh', () => {
    const checks = ['--verify', 'node check.mjs', '--lang', 'zh'];
    prompt(checks);
    greet('helo');
    const refused = stop(checks);
    expect(refused.shown).toContain('检查命令 `node check.mjs` 未通过（退出码 3，用时');
    expect(refused.shown).toContain('（第 1/3 次拒绝；你答复时检查会再次运行。）');
  });

  it('a turn that changed nothing runs nothing', () => {
    const checks = ['--verify', counted('node check.mjs')];
    greet('helo');
    prompt(checks);
    const answer = stop(checks);
    expect(answer.shown).not.toContain('node check.mjs');
    expect(runs()).toBe(0);
  });

  it("a turn that changed only the plan file or plankeeper's store runs nothing", () => {
    const checks = ['--verify', counted('node check.mjs'), '--plan-file', 'PLAN.md'];
    writeFileSync(join(project, 'PLAN.md'), '- [ ] #1 Fix greet.txt\n');
    prompt(checks);
    writeFileSync(join(project, 'PLAN.md'), '- [>] #1 Fix greet.txt\n- [ ] #2 Test it\n');
    expect(stop(checks).shown).not.toContain('node check.mjs');
    expect(runs()).toBe(0);
    // A change of the work itself, in the same turn, runs it.
    greet('helo');
    expect(stop(checks).shown).toContain('node check.mjs` fails after your changes');
    expect(runs()).toBe(1);
  });

  it('a check that never passes refuses exactly --verify-refusals times, then the person is told', () => {
    const checks = ['--verify', counted('node check.mjs'), '--verify-refusals', '2'];
    prompt(checks);
    greet('helo');
    expect(stop(checks).shown).toContain('(Refusal 1 of 2;');
    greet('hallo');
    expect(stop(checks).shown).toContain('(Refusal 2 of 2;');
    greet('hullo');
    const through = stop(checks);
    expect(through.shown).not.toContain('Refusal');
    expect(noticeOf(through)).toContain(
      'plankeeper: the check `' + counted('node check.mjs') + '` still fails (exit 3 in',
    );
    expect(noticeOf(through)).toContain("the agent's answer went through after 2 refusals.");
    expect(runs()).toBe(3);
  });

  it('a check past its timeout is refused as timed out', () => {
    const checks = ['--verify', 'node -e "setTimeout(() => {}, 20000)"', '--verify-timeout', '1'];
    prompt(checks);
    greet('helo');
    const started = Date.now();
    const refused = stop(checks);
    expect(refused.shown).toMatch(/fails after your changes \(timed out after 1\.\d s\)/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a command that cannot start blocks nothing and is said once', () => {
    const checks = ['--verify', 'no-such-check-command-here'];
    prompt(checks);
    greet('helo');
    const first = stop(checks);
    expect(first.shown).not.toContain('Refusal');
    expect(noticeOf(first)).toContain(
      'plankeeper: the check `no-such-check-command-here` could not start',
    );
    prompt(checks);
    greet('hallo');
    const second = stop(checks);
    expect(second.shown).not.toContain('no-such-check-command-here');
    expect(second.stderr).toBe('');
  });

  it('says a bad check flag in one line and answers neutrally', () => {
    const run = hook(agent.stop, ['--verify', 'npm test', '--verify-timeout', 'soon']);
    expect(run.shown).not.toContain('npm test');
    expect(run.stderr).toBe(
      'plankeeper hook: --verify-timeout must be a whole number of seconds from 1 to 3600, not "soon". (answered neutrally)\n',
    );
    const auto = hook(agent.stop, ['--verify', 'auto']);
    expect(auto.stderr).toBe(
      'plankeeper hook: --verify auto is for setup and mcp; give the hook the commands themselves (setup writes them). (answered neutrally)\n',
    );
  });
});
