/**
 * `plankeeper setup claude-code`: `.mcp.json` and `.claude/settings.json` in the project,
 * merged into what the user has, idempotent, and taken out again by --remove.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SetupConfigError } from '../../../src/coding-agents/setup/index.js';
import { plankeeperHooks } from '../claude-code/support/claude-config.js';
import { BIN, createSetupProject, NODE, type SetupProject } from './support/project.js';

let project: SetupProject;
beforeEach(() => {
  project = createSetupProject();
});
afterEach(() => project.dispose());

const USER_MCP = `${JSON.stringify({ mcpServers: { github: { command: 'gh-mcp', args: ['serve'] } } }, null, 2)}\n`;
const USER_SETTINGS = `${JSON.stringify(
  {
    model: 'opus',
    enabledMcpjsonServers: ['github'],
    permissions: { allow: ['Bash(npm test)'], deny: ['Read(.env)'] },
    hooks: {
      Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }],
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] }],
    },
  },
  null,
  2,
)}\n`;

/** An mcp_tool hook's input field Claude Code fills from the hook input: `${name}`. */
const filled = (name: string) => `\${${name}}`;

describe('plankeeper setup claude-code', () => {
  it('writes the MCP server, the permission rule and the hooks into a fresh project', () => {
    const report = project.setup('claude-code');
    const files = project.files();
    const settings = JSON.parse(files['.claude/settings.json']!);
    expect(JSON.parse(files['.mcp.json']!)).toEqual({
      mcpServers: {
        plankeeper: {
          type: 'stdio',
          command: NODE,
          args: [BIN, 'mcp', '--for', 'claude-code'],
          // Offered from the first request, not deferred behind ToolSearch.
          alwaysLoad: true,
        },
      },
    });
    expect(settings.permissions).toEqual({ allow: ['mcp__plankeeper'] });
    // The approval of the project's server Claude Code would ask for interactively.
    expect(settings.enabledMcpjsonServers).toEqual(['plankeeper']);
    expect(Object.keys(settings.hooks)).toEqual([
      'SessionStart',
      'UserPromptSubmit',
      'PreToolUse',
      'PostToolUse',
      'PostToolUseFailure',
      'Stop',
      'SubagentStart',
      'SubagentStop',
      'PreCompact',
    ]);
    // SessionStart runs before the MCP server is up: a command, in the exec form (node and the
    // bin as they are, no shell between them), and only where a session lost its plan: a new
    // session has none to show.
    expect(settings.hooks.SessionStart).toEqual([
      {
        matcher: 'resume|clear|compact',
        hooks: [
          {
            type: 'command',
            command: NODE,
            args: [BIN, 'hook', 'claude-code', 'SessionStart'],
            timeout: 10,
          },
        ],
      },
    ]);
    // Every other event: a call of the running MCP server's hook tool, no process, with the
    // fields of the hook input its answer reads.
    expect(settings.hooks.PostToolUseFailure).toEqual([
      {
        hooks: [
          {
            type: 'mcp_tool',
            server: 'plankeeper',
            tool: 'hook',
            input: {
              event: 'PostToolUseFailure',
              session_id: filled('session_id'),
              agent_id: filled('agent_id'),
              tool_name: filled('tool_name'),
            },
            timeout: 10,
          },
        ],
      },
    ]);
    // PreToolUse tells the MCP server which plan a call is for: plankeeper's own tools only.
    expect(settings.hooks.PreToolUse).toEqual([
      {
        matcher: 'mcp__plankeeper__.*',
        hooks: [
          expect.objectContaining({
            type: 'mcp_tool',
            input: expect.objectContaining({
              event: 'PreToolUse',
              tool_use_id: filled('tool_use_id'),
            }),
          }),
        ],
      },
    ]);
    expect(files).toMatchSnapshot('files');
    expect(report).toMatchSnapshot('report');
  });

  it('registers the events and matchers the real-CLI tests configure by hand', () => {
    project.setup('claude-code');
    const { hooks } = JSON.parse(project.read('.claude/settings.json'));
    const byHand = plankeeperHooks('memory') as Record<string, Array<{ matcher?: string }>>;
    expect(Object.keys(hooks)).toEqual(Object.keys(byHand));
    for (const event of Object.keys(byHand)) {
      expect(hooks[event][0].matcher, event).toBe(byHand[event]![0]!.matcher);
    }
  });

  it('reports in Chinese with --lang zh, and passes --lang zh to the server and the hooks', () => {
    const report = project.setup('claude-code', { locale: 'zh' });
    expect(report).toMatchSnapshot();
    const mcp = JSON.parse(project.read('.mcp.json'));
    expect(mcp.mcpServers.plankeeper.args.slice(-2)).toEqual(['--lang', 'zh']);
    // The server answers the other hooks with its own options.
    const settings = JSON.parse(project.read('.claude/settings.json'));
    expect(settings.hooks.SessionStart[0].hooks[0].args.slice(-2)).toEqual(['--lang', 'zh']);
    expect(settings.hooks.Stop[0].hooks[0].type).toBe('mcp_tool');
  });

  it('passes --discipline to the hooks and the MCP server, and a second run with another preset replaces ours', () => {
    project.setup('claude-code', { discipline: 'light' });
    const settings = () => JSON.parse(project.read('.claude/settings.json'));
    // The command hook says it; the server, which answers the others, too.
    expect(settings().hooks.SessionStart[0].hooks[0].args.slice(-2)).toEqual([
      '--discipline',
      'light',
    ]);
    expect(JSON.parse(project.read('.mcp.json')).mcpServers.plankeeper.args.slice(-2)).toEqual([
      '--discipline',
      'light',
    ]);
    project.setup('claude-code', { discipline: 'strict' });
    const start = settings().hooks.SessionStart as { hooks: { args: string[] }[] }[];
    expect(start).toHaveLength(1);
    expect(start[0]!.hooks[0]!.args.slice(-2)).toEqual(['--discipline', 'strict']);
    expect(JSON.parse(project.read('.mcp.json')).mcpServers.plankeeper.args.slice(-2)).toEqual([
      '--discipline',
      'strict',
    ]);
  });

  it("keeps the user's servers, settings, rules and hooks on the same events", () => {
    project.write('.mcp.json', USER_MCP);
    project.write('.claude/settings.json', USER_SETTINGS);
    project.setup('claude-code', { store: 'redis://localhost:6379' });
    const mcp = JSON.parse(project.read('.mcp.json'));
    expect(Object.keys(mcp.mcpServers)).toEqual(['github', 'plankeeper']);
    expect(mcp.mcpServers.github).toEqual({ command: 'gh-mcp', args: ['serve'] });
    expect(mcp.mcpServers.plankeeper.args).toContain('redis://localhost:6379');
    const settings = JSON.parse(project.read('.claude/settings.json'));
    expect(settings.model).toBe('opus');
    expect(settings.enabledMcpjsonServers).toEqual(['github', 'plankeeper']);
    expect(settings.permissions).toEqual({
      allow: ['Bash(npm test)', 'mcp__plankeeper'],
      deny: ['Read(.env)'],
    });
    expect(settings.hooks.Stop).toHaveLength(2);
    expect(settings.hooks.Stop[0]).toEqual({ hooks: [{ type: 'command', command: 'say done' }] });
    expect(settings.hooks.Stop[1].hooks[0]).toMatchObject({
      type: 'mcp_tool',
      server: 'plankeeper',
      tool: 'hook',
      input: { event: 'Stop' },
    });
    expect(settings.hooks.PreToolUse[0]).toEqual({
      matcher: 'Bash',
      hooks: [{ type: 'command', command: './guard.sh' }],
    });
    expect(settings.hooks.PreToolUse[1].matcher).toBe('mcp__plankeeper__.*');
    expect(settings.hooks.PreToolUse).toHaveLength(2);
  });

  it('changes nothing on a second run, byte for byte', () => {
    project.write('.claude/settings.json', USER_SETTINGS);
    project.setup('claude-code');
    const first = project.files();
    expect(project.setup('claude-code')).toBe(
      'plankeeper setup claude-code: nothing to change in /tmp/PROJECT.\n',
    );
    expect(project.files()).toEqual(first);
  });

  it('updates its own entries in place when the store changes, without duplicating hooks', () => {
    project.setup('claude-code');
    project.setup('claude-code', { store: 'memory' });
    const settings = JSON.parse(project.read('.claude/settings.json'));
    expect(settings.hooks.Stop).toHaveLength(1);
    expect(settings.hooks.SessionStart).toHaveLength(1);
    expect(settings.hooks.SessionStart[0].hooks[0].args).toContain('memory');
    expect(settings.permissions.allow).toEqual(['mcp__plankeeper']);
  });

  it('adds the PreToolUse hook to a project set up before it existed, and nothing else', () => {
    project.setup('claude-code');
    const settings = JSON.parse(project.read('.claude/settings.json'));
    delete settings.hooks.PreToolUse;
    project.write('.claude/settings.json', `${JSON.stringify(settings, null, 2)}\n`);
    const report = project.setup('claude-code');
    expect(report).toContain('updated .claude/settings.json: hooks.PreToolUse\n');
    expect(JSON.parse(project.read('.claude/settings.json')).hooks.PreToolUse).toHaveLength(1);
  });

  it("--remove gives back the user's files byte for byte and deletes what setup created", () => {
    project.write('.mcp.json', USER_MCP);
    const before = project.files();
    project.setup('claude-code');
    const report = project.setup('claude-code', { remove: true });
    expect(project.files()).toEqual(before);
    expect(report).toMatchSnapshot();
    expect(project.setup('claude-code', { remove: true })).toContain('nothing to change');
  });

  it('--remove keeps a settings file the user had, and their rules and hooks in it', () => {
    project.write('.claude/settings.json', USER_SETTINGS);
    project.setup('claude-code');
    project.setup('claude-code', { remove: true });
    expect(project.read('.claude/settings.json')).toBe(USER_SETTINGS);
  });

  it('refuses malformed JSON with one line naming the file, and writes nothing', () => {
    project.write('.mcp.json', USER_MCP);
    project.write('.claude/settings.json', '{"hooks": {"Stop": [}');
    const before = project.files();
    expect(() => project.setup('claude-code')).toThrow(SetupConfigError);
    expect(() => project.setup('claude-code')).toThrow(/\.claude\/settings\.json: not valid JSON/);
    expect(project.files()).toEqual(before);
  });

  it('refuses hooks of the wrong shape instead of dropping them', () => {
    project.write('.claude/settings.json', '{"hooks": {"Stop": "say done"}}\n');
    expect(() => project.setup('claude-code')).toThrow(/"hooks\.Stop" must be an array/);
    expect(project.read('.claude/settings.json')).toBe('{"hooks": {"Stop": "say done"}}\n');
  });
});
