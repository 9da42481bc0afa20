/**
 * The plan file is the plan tools' to write: with `--plan-file`, each coding agent's pre-tool
 * hook (its own `plankeeper hook` process, as the agent runs it) refuses a file or shell tool
 * call that would write the file, in the agent's own format, before the tool runs. A call that
 * writes elsewhere (another folder's PLAN.md) gets the neutral answer. Neither opens the store:
 * the store here cannot be opened at all, and no hook says so.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../../../../bin/plankeeper.js', import.meta.url));
const fixture = (agent: string, name: string) =>
  JSON.parse(
    readFileSync(new URL(`../${agent}/fixtures/${name}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;

const project = mkdtempSync(join(tmpdir(), 'pk-plan-file-guard-'));
mkdirSync(join(project, 'docs'));
/** A store no hook could open: a refusal must come from the hook input alone. */
const NO_STORE = 'sqlite:/proc/plankeeper-no-such-folder/plans.db';

function hook(agent: string, event: string, input: unknown, extra: string[] = []): string {
  const env = { ...process.env };
  delete env.CLAUDE_PROJECT_DIR;
  delete env.GEMINI_PROJECT_DIR;
  const result = spawnSync(
    process.execPath,
    [BIN, 'hook', agent, event, '--store', NO_STORE, '--plan-file', 'PLAN.md', ...extra],
    { input: JSON.stringify(input), encoding: 'utf8', timeout: 15_000, cwd: project, env },
  );
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout.trim();
}

interface AgentCase {
  agent: string;
  event: string;
  /** A call that writes `path` (relative to the project, or absolute). */
  writing(path: string): Record<string, unknown>;
  /** The refusal's reason in the agent's output; undefined: not refused. */
  reason(output: string): string | undefined;
  /** The agent's neutral answer. */
  neutral: string;
}

const claudeDeny = (output: string) =>
  output === ''
    ? undefined
    : (JSON.parse(output) as { hookSpecificOutput: { permissionDecisionReason: string } })
        .hookSpecificOutput.permissionDecisionReason;

const CASES: AgentCase[] = [
  {
    agent: 'claude-code',
    event: 'PreToolUse',
    writing: (path) => ({
      ...fixture('claude-code', 'PreToolUse'),
      cwd: project,
      tool_name: 'Edit',
      tool_input: { file_path: join(project, path), old_string: '[ ]', new_string: '[x]' },
    }),
    reason: claudeDeny,
    neutral: '',
  },
  {
    agent: 'codex',
    event: 'PreToolUse',
    writing: (path) => ({
      ...fixture('codex', 'PreToolUse'),
      cwd: project,
      tool_name: 'Bash',
      tool_input: { command: `sed -i 's/\\[ \\]/[x]/' '${path}'` },
    }),
    reason: claudeDeny,
    neutral: '',
  },
  {
    agent: 'gemini',
    event: 'BeforeTool',
    writing: (path) => ({
      ...fixture('gemini', 'BeforeTool.builtin'),
      cwd: project,
      tool_name: 'write_file',
      tool_input: { file_path: path, content: '- [x] #1 done\n' },
    }),
    reason: (output) => (JSON.parse(output) as { reason?: string }).reason,
    neutral: '{}',
  },
  {
    agent: 'copilot',
    event: 'preToolUse',
    writing: (path) => ({
      ...fixture('copilot', 'preToolUse'),
      cwd: project,
      toolName: 'bash',
      toolArgs: { command: `echo '- [x] #1 done' >> ./${path}` },
    }),
    reason: (output) =>
      output === ''
        ? undefined
        : (JSON.parse(output) as { permissionDecisionReason: string }).permissionDecisionReason,
    neutral: '',
  },
  {
    agent: 'opencode',
    event: 'tool.execute.before',
    writing: (path) => ({
      ...fixture('opencode', 'tool.execute.before.bash'),
      input: { tool: 'edit', sessionID: 'ses_1', callID: 'call_1' },
      output: { args: { filePath: join(project, path) } },
    }),
    reason: (output) => (output === '' ? undefined : (JSON.parse(output) as { deny: string }).deny),
    neutral: '',
  },
];

describe('plankeeper hook with --plan-file: the model’s own edit of the plan file', () => {
  it.each(CASES)(
    '$agent: $event refuses a call that writes PLAN.md, not one that writes docs/PLAN.md',
    (each) => {
      const refused = hook(each.agent, each.event, each.writing('PLAN.md'));
      expect(each.reason(refused)).toMatch(/^Refused: \S+ would change the plan file PLAN\.md/);
      expect(hook(each.agent, each.event, each.writing(join('docs', 'PLAN.md')))).toBe(
        each.neutral,
      );
    },
  );

  it('reads a patch: Codex apply_patch with the patch as its command, Copilot CLI apply_patch with it as the whole input', () => {
    const patch = (path: string) =>
      `*** Begin Patch\n*** Update File: ${path}\n@@\n-- [ ] #2 Test\n+- [x] #2 Test\n*** End Patch\n`;
    const codex = (path: string) => ({
      ...fixture('codex', 'PreToolUse'),
      cwd: project,
      tool_name: 'apply_patch',
      tool_input: { command: patch(path) },
    });
    expect(claudeDeny(hook('codex', 'PreToolUse', codex('PLAN.md')))).toMatch(
      /^Refused: apply_patch would change the plan file PLAN\.md/,
    );
    expect(hook('codex', 'PreToolUse', codex('docs/PLAN.md'))).toBe('');
    const copilot = (path: string) => ({
      ...fixture('copilot', 'preToolUse'),
      cwd: project,
      toolName: 'apply_patch',
      toolArgs: patch(path),
    });
    expect(JSON.parse(hook('copilot', 'preToolUse', copilot('PLAN.md'))).permissionDecision).toBe(
      'deny',
    );
    expect(hook('copilot', 'preToolUse', copilot('docs/PLAN.md'))).toBe('');
  });

  it('says why in English and in Chinese', () => {
    const edit = CASES[0]!.writing('PLAN.md');
    expect(claudeDeny(hook('claude-code', 'PreToolUse', edit))).toMatchSnapshot('en');
    expect(claudeDeny(hook('claude-code', 'PreToolUse', edit, ['--lang', 'zh']))).toMatchSnapshot(
      'zh',
    );
  });
});
