/**
 * `plankeeper setup <agent> --verify CMD …`: the check commands go where each agent's stop
 * hook reads them (the hook commands, or for Claude Code the MCP server that answers its
 * hooks), the stop event's hook gets the checks' time while every other event keeps its short
 * timeout, and without `--verify` the report names the project's own checks. A second run
 * changes nothing and `--remove` gives back the files as they were.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { createSetupProject, type SetupProject } from './support/project.js';

let project: SetupProject;
beforeEach(() => {
  project = createSetupProject();
});
afterEach(() => project.dispose());

const CHECKS = { verify: ['npm test', 'node check.mjs'], verifyTimeoutSec: 120 };
/** 120 s for each of two commands, and the margin. */
const STOP_SECONDS = 270;

// biome-ignore lint/suspicious/noExplicitAny: the tests read the agents' JSON as it is.
type Json = Record<string, any>;
const json = (text: string | undefined): Json => JSON.parse(text ?? 'null');

describe('setup --verify: where each agent reads the checks', () => {
  it("Claude Code: the MCP server's args carry them; Stop and SubagentStop wait for them, the rest keep 10 s", () => {
    const before = { '.claude/settings.json': '{\n  "model": "opus"\n}\n' };
    project.write('.claude/settings.json', before['.claude/settings.json']);
    project.setup('claude-code', CHECKS);
    const files = project.files();
    const args = json(files['.mcp.json']).mcpServers.plankeeper.args.slice(1);
    expect(args).toEqual([
      'mcp',
      '--for',
      'claude-code',
      '--verify',
      'npm test',
      '--verify',
      'node check.mjs',
      '--verify-timeout',
      '120',
    ]);
    const hooks = json(files['.claude/settings.json']).hooks;
    const timeouts = Object.fromEntries(
      Object.entries(hooks).map(([event, groups]) => [
        event,
        (groups as Json[])[0]!.hooks[0].timeout,
      ]),
    );
    expect(timeouts).toEqual({
      UserPromptSubmit: 10,
      PreToolUse: 10,
      PostToolUse: 10,
      PostToolUseFailure: 10,
      Stop: STOP_SECONDS,
      SubagentStart: 10,
      SubagentStop: STOP_SECONDS,
      PreCompact: 10,
      SessionStart: 10,
    });
    // The SessionStart command hook has them too: every event of a turn sees the same checks.
    expect(hooks.SessionStart[0].hooks[0].args).toContain('node check.mjs');
    project.setup('claude-code', CHECKS);
    expect(project.files()).toEqual(files);
    project.setup('claude-code', { remove: true });
    expect(project.read('.claude/settings.json')).toBe(before['.claude/settings.json']);
    expect(project.files()['.mcp.json']).toBeUndefined();
  });

  it('without --verify nothing changes: the stop hooks keep their short timeout and no command names a check', () => {
    project.setup('claude-code');
    const settings = project.files()['.claude/settings.json']!;
    expect(json(settings).hooks.Stop[0].hooks[0].timeout).toBe(10);
    expect(project.files()['.mcp.json']).not.toContain('--verify');
  });

  it('Codex: every hook command carries them; Stop and SubagentStop wait for them', () => {
    project.setup('codex', { ...CHECKS, verifyRefusals: 5 });
    const hooks = json(project.files()['~/.codex/hooks.json']).hooks;
    for (const [event, groups] of Object.entries(hooks)) {
      const handler = (groups as Json[])[0]!.hooks[0];
      expect(handler.command, event).toContain(
        "--verify 'npm test' --verify 'node check.mjs' --verify-timeout 120 --verify-refusals 5",
      );
      expect(handler.timeout, event).toBe(
        event === 'Stop' || event === 'SubagentStop' ? STOP_SECONDS : 10,
      );
    }
    expect(project.files()['~/.codex/config.toml']).toContain(
      '"--verify", "npm test", "--verify", "node check.mjs"',
    );
  });

  it('Gemini CLI: AfterAgent waits for them (milliseconds), the rest keep 10 s', () => {
    project.setup('gemini', CHECKS);
    const hooks = json(project.files()['.gemini/settings.json']).hooks;
    for (const [event, groups] of Object.entries(hooks)) {
      const handler = (groups as Json[])[0]!.hooks[0];
      expect(handler.command, event).toContain("--verify 'npm test' --verify 'node check.mjs'");
      expect(handler.timeout, event).toBe(event === 'AfterAgent' ? STOP_SECONDS * 1000 : 10_000);
    }
  });

  it('Copilot CLI: agentStop and subagentStop wait for them, the rest keep 10 s', () => {
    project.setup('copilot', CHECKS);
    const hooks = json(project.files()['.github/hooks/plankeeper.json']).hooks;
    for (const [event, handlers] of Object.entries(hooks)) {
      const handler = (handlers as Json[])[0]!;
      expect(handler.bash, event).toContain("--verify 'npm test' --verify 'node check.mjs'");
      const stop = event === 'agentStop' || event === 'subagentStop';
      expect(handler.timeoutSec, event).toBe(stop ? STOP_SECONDS : 10);
    }
  });

  it("OpenCode: the plugin's hook options carry them", () => {
    project.setup('opencode', CHECKS);
    const plugin = project.files()['.opencode/plugin/plankeeper.js']!;
    expect(plugin).toContain(
      'const OPTIONS = ["--verify","npm test","--verify","node check.mjs","--verify-timeout","120"];',
    );
  });

  it('--verify-in names the folder relative to the project, portable', () => {
    project.setup('codex', { verify: ['npm test'], verifyIn: `${project.dir}/packages/app` });
    expect(project.files()['~/.codex/hooks.json']).toContain(
      "--verify 'npm test' --verify-in packages/app",
    );
  });
});

describe('setup --verify auto and the report', () => {
  const packageJson = JSON.stringify({
    scripts: { test: 'vitest run', typecheck: 'tsc --noEmit' },
  });

  it.each(['en', 'zh'] as const)('names the checks it set, and their limits (%s)', (locale) => {
    const report = project.setup('gemini', { ...CHECKS, verifyRefusals: 2, locale });
    expect(
      report.split('\n').filter((line) => /Checks before done|完成前检查/.test(line)),
    ).toMatchSnapshot();
  });

  it.each(['en', 'zh'] as const)(
    "without --verify, suggests the project's checks and the flags that turn them on (%s)",
    (locale) => {
      project.write('package.json', packageJson);
      project.write('pnpm-lock.yaml', '');
      const report = project.setup('gemini', { locale });
      const line = report.split('\n').find((each) => each.includes('--verify auto'));
      expect(line).toMatchSnapshot();
      expect(project.files()['.gemini/settings.json']).not.toContain('--verify');
    },
  );

  it('--verify auto takes them, beside the commands given', () => {
    project.write('package.json', packageJson);
    const report = project.setup('gemini', { verify: ['auto', 'node check.mjs'] });
    expect(report).toContain(
      'Checks before done: "npm test", "npm run typecheck", "node check.mjs", run when',
    );
    expect(project.files()['.gemini/settings.json']).toContain(
      "--verify 'npm test' --verify 'npm run typecheck' --verify 'node check.mjs'",
    );
  });

  it.each(['en', 'zh'] as const)('--verify auto says plainly when it found none (%s)', (locale) => {
    const report = project.setup('gemini', { verify: 'auto', locale });
    const line = report.split('\n').find((each) => each.startsWith('--verify auto'));
    expect(line).toMatchSnapshot();
    expect(project.files()['.gemini/settings.json']).not.toContain('--verify');
  });
});

describe('setup --verify flags, as a person types them', () => {
  it('takes --verify more than once', async () => {
    const run = await runCli(
      ['setup', 'gemini', '--dir', project.dir, '--verify', 'npm test', '--verify', 'npm run lint'],
      { env: { HOME: project.home } },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('Checks before done: "npm test", "npm run lint", run when');
  });

  it.each([
    [['--verify', ' '], 'setup: --verify needs a command, such as "npm test".'],
    [
      ['--verify', 'npm test', '--verify-timeout', '0'],
      'setup: --verify-timeout must be a whole number of seconds from 1 to 3600, not "0".',
    ],
    [
      ['--verify', 'npm test', '--verify-timeout', '5m'],
      'setup: --verify-timeout must be a whole number of seconds from 1 to 3600, not "5m".',
    ],
    [
      ['--verify', 'npm test', '--verify-refusals', '-1'],
      'setup: --verify-refusals must be a whole number from 1 to 20, not "-1".',
    ],
    [
      ['--verify-refusals', '2'],
      'setup: --verify-in, --verify-timeout and --verify-refusals apply only with --verify COMMAND.',
    ],
  ])('refuses %j in one line, writing nothing', async (flags, message) => {
    const run = await runCli(['setup', 'gemini', '--dir', project.dir, ...flags], {
      env: { HOME: project.home },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`plankeeper: ${message}\n`);
    expect(project.files()).toEqual({});
  });
});
