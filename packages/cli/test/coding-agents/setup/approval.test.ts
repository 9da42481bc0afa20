/**
 * `plankeeper setup <agent> --approval`: every hook command carries `--approval`, and each
 * agent gets the event that can hold a tool before it runs — Claude Code's PreToolUse for
 * every tool (not only plankeeper's), Codex's PreToolUse, Gemini CLI's BeforeTool, and the
 * OpenCode plugin's `tool.execute.before`. Without the flag, nothing of it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSetupProject, type SetupProject } from './support/project.js';

let project: SetupProject;
beforeEach(() => {
  project = createSetupProject();
});
afterEach(() => project.dispose());

type Groups = Record<string, { matcher?: string; hooks: { args?: string[]; command: string }[] }[]>;

describe('plankeeper setup --approval', () => {
  it('claude-code: PreToolUse on every tool, the server and the command hook with --approval; a run without it goes back', () => {
    project.setup('claude-code', { approval: 'on-change' });
    const hooks = JSON.parse(project.files()['.claude/settings.json']!).hooks as Groups;
    expect(hooks.PreToolUse).toHaveLength(1);
    expect(hooks.PreToolUse![0]!.matcher).toBeUndefined();
    // The MCP server answers every hook but SessionStart (mcp_tool), with its own options.
    const server = JSON.parse(project.read('.mcp.json')).mcpServers.plankeeper;
    expect(server.args.slice(-2)).toEqual(['--approval', 'on-change']);
    for (const [event, groups] of Object.entries(hooks)) {
      const handler = groups[0]!.hooks[0]!;
      if (event === 'SessionStart') {
        expect(handler.args?.slice(-2), event).toEqual(['--approval', 'on-change']);
      } else expect(handler, event).toMatchObject({ type: 'mcp_tool', server: 'plankeeper' });
    }
    // A second run changes nothing; a run without --approval restores the plain setup.
    const before = project.files();
    project.setup('claude-code', { approval: 'on-change' });
    expect(project.files()).toEqual(before);
    project.setup('claude-code');
    const plain = JSON.parse(project.files()['.claude/settings.json']!).hooks as Groups;
    expect(plain.PreToolUse![0]!.matcher).toBe('mcp__plankeeper__.*');
    expect(plain.SessionStart![0]!.hooks[0]!.args).not.toContain('--approval');
    expect(JSON.parse(project.read('.mcp.json')).mcpServers.plankeeper.args).not.toContain(
      '--approval',
    );
  });

  it('codex and gemini get their before-tool event, opencode its plugin switch', () => {
    project.setup('codex', { approval: 'once' });
    const codex = JSON.parse(project.read('~/.codex/hooks.json')).hooks as Groups;
    expect(codex.PreToolUse![0]!.hooks[0]!.command).toMatch(
      / hook codex PreToolUse .*--approval once$/,
    );
    project.setup('gemini', { approval: 'once' });
    const gemini = JSON.parse(project.files()['.gemini/settings.json']!).hooks as Groups;
    expect(gemini.BeforeTool![0]!.hooks[0]!.command).toMatch(
      / hook gemini BeforeTool .*--approval once$/,
    );
    project.setup('opencode', { approval: 'once' });
    const plugin = project.files()['.opencode/plugin/plankeeper.js']!;
    expect(plugin).toContain('const HOLDS_FOR_APPROVAL = true;');
    expect(plugin).toContain('"--approval","once"');
    project.setup('gemini');
    expect(
      (JSON.parse(project.files()['.gemini/settings.json']!).hooks as Groups).BeforeTool,
    ).toBeUndefined();
  });
});
