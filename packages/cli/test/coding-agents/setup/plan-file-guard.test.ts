/**
 * `plankeeper setup <agent> --plan-file PLAN.md` asks each agent's pre-tool hook about the
 * calls that could write the file, also without `--approval`: Claude Code's PreToolUse on
 * plankeeper's tools and its file and shell tools (the mcp_tool hook sending the call's path
 * and command), Gemini CLI's BeforeTool on its writing tools, Codex's and Copilot CLI's
 * pre-tool event, the OpenCode plugin's switch. Without the flag, none of it. Claude Code's
 * hook as written, answered by the MCP server as written, refuses a write of the file.
 */
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { homeEnv } from '../../support/sandbox-env.js';
import {
  connectServer,
  type HookEntry,
  runHookHandler,
} from '../claude-code/support/mcp-tool-hook.js';
import { createSetupProject, type SetupProject } from './support/project.js';

let project: SetupProject;
beforeEach(() => {
  project = createSetupProject();
});
afterEach(() => project.dispose());

type Groups = Record<string, HookEntry[]>;
const hooksOf = (path: string) => JSON.parse(project.read(path)).hooks as Groups;

describe('plankeeper setup --plan-file: the pre-tool hook that guards the file', () => {
  it('claude-code: PreToolUse on the file and shell tools, sending their path and command; back to plankeeper’s tools without the file', () => {
    project.setup('claude-code', { planFile: 'PLAN.md' });
    const [group] = hooksOf('.claude/settings.json').PreToolUse!;
    expect(group!.matcher).toBe('^(mcp__plankeeper__.*|Edit|Write|MultiEdit|NotebookEdit|Bash)$');
    expect(group!.hooks[0]!.input).toMatchObject({
      cwd: `\${cwd}`,
      'tool_input.file_path': `\${tool_input.file_path}`,
      'tool_input.command': `\${tool_input.command}`,
    });
    project.setup('claude-code');
    const [plain] = hooksOf('.claude/settings.json').PreToolUse!;
    expect(plain!.matcher).toBe('mcp__plankeeper__.*');
    expect(plain!.hooks[0]!.input).not.toHaveProperty('cwd');
  });

  it('codex, gemini and copilot get their pre-tool event, opencode its plugin switch', () => {
    project.setup('codex', { planFile: 'PLAN.md' });
    expect(hooksOf('~/.codex/hooks.json').PreToolUse![0]!.hooks[0]!.command).toMatch(
      / hook codex PreToolUse .*--plan-file PLAN\.md/,
    );
    project.setup('gemini', { planFile: 'PLAN.md' });
    const [before] = hooksOf('.gemini/settings.json').BeforeTool!;
    expect(before!.matcher).toBe('^(write_file|replace|run_shell_command)$');
    project.setup('gemini', { planFile: 'PLAN.md', approval: 'once' });
    expect(hooksOf('.gemini/settings.json').BeforeTool![0]!.matcher).toBe('^(?!mcp_plankeeper_)');
    project.setup('copilot', { planFile: 'PLAN.md' });
    expect(hooksOf('.github/hooks/plankeeper.json').preToolUse).toHaveLength(1);
    project.setup('opencode', { planFile: 'PLAN.md' });
    expect(project.read('.opencode/plugin/plankeeper.js')).toContain(
      'const GUARDS_PLAN_FILE = true;',
    );

    for (const agent of ['codex', 'gemini', 'copilot', 'opencode'] as const) project.setup(agent);
    expect(hooksOf('~/.codex/hooks.json').PreToolUse).toBeUndefined();
    expect(hooksOf('.gemini/settings.json').BeforeTool).toBeUndefined();
    expect(hooksOf('.github/hooks/plankeeper.json').preToolUse).toBeUndefined();
    expect(project.read('.opencode/plugin/plankeeper.js')).toContain(
      'const GUARDS_PLAN_FILE = false;',
    );
  });

  it('claude-code: the mcp_tool hook as written refuses Bash tee onto PLAN.md, not onto docs/PLAN.md', async () => {
    // The real bin this time: the MCP server the hook calls must start.
    const env = homeEnv(project.home);
    const run = await runCli(
      ['setup', 'claude-code', '--dir', project.dir, '--plan-file', 'PLAN.md'],
      {
        env,
      },
    );
    expect(run.code, run.stderr).toBe(0);
    const handler = hooksOf('.claude/settings.json').PreToolUse![0]!.hooks[0]!;
    const agentEnv = { ...process.env, ...env, CLAUDE_PROJECT_DIR: project.dir } as Record<
      string,
      string
    >;
    const server = await connectServer(
      JSON.parse(project.read('.mcp.json')).mcpServers.plankeeper,
      agentEnv,
    );
    onTestFinished(() => server.close());
    const bash = (command: string) => ({
      session_id: 'session-1',
      cwd: project.dir,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command },
      tool_use_id: 'toolu_1',
    });
    const refused = await runHookHandler(handler, bash("echo '- [x] #1' | tee PLAN.md"), server);
    expect(refused.failed, refused.text).toBe(false);
    expect(JSON.parse(refused.text).hookSpecificOutput).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: expect.stringMatching(
        /^Refused: Bash would change the plan file PLAN\.md, /,
      ),
    });
    const elsewhere = await runHookHandler(handler, bash('echo x | tee docs/PLAN.md'), server);
    expect(elsewhere).toEqual({ text: '{}', failed: false });
  });
});
