/**
 * `plankeeper setup copilot`: `.github/hooks/plankeeper.json` and `.github/mcp.json`, merged and
 * reversible; and a project also set up for Claude Code, whose `.mcp.json` Copilot then reads:
 * one shared server entry, set up in either order, kept by the --remove of one agent while the
 * other uses it, and the original bytes back after both are removed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIN, createSetupProject, NODE, type SetupProject } from './support/project.js';

let project: SetupProject;
beforeEach(() => {
  project = createSetupProject();
});
afterEach(() => project.dispose());

const USER_MCP = `${JSON.stringify(
  { mcpServers: { docs: { type: 'http', url: 'http://localhost:9000/mcp' } } },
  null,
  4,
)}\n`;

const USER_MCP_JSON = `{
  // the team's servers
  "mcpServers": { "search": { "command": "search-mcp" } }
}
`;

describe('plankeeper setup copilot', () => {
  it('writes its hooks file and the MCP server into a fresh project', () => {
    const report = project.setup('copilot');
    const files = project.files();
    const hooks = JSON.parse(files['.github/hooks/plankeeper.json']!);
    expect(hooks.version).toBe(1);
    expect(Object.keys(hooks.hooks)).toEqual([
      'sessionStart',
      'userPromptSubmitted',
      'postToolUse',
      'postToolUseFailure',
      'agentStop',
      'subagentStart',
      'subagentStop',
      'preCompact',
      'permissionRequest',
      'preMcpToolCall',
    ]);
    expect(hooks.hooks.agentStop).toEqual([
      { type: 'command', bash: `${NODE} ${BIN} hook copilot agentStop`, timeoutSec: 10 },
    ]);
    expect(hooks.hooks.permissionRequest[0].matcher).toBe('plankeeper[-/].*');
    expect(hooks.hooks.preMcpToolCall[0].matcher).toBe('plankeeper[-/].*');
    expect(JSON.parse(files['.github/mcp.json']!).mcpServers.plankeeper).toEqual({
      type: 'stdio',
      command: NODE,
      args: [BIN, 'mcp', '--for', 'copilot'],
    });
    expect(files['.mcp.json']).toBeUndefined();
    expect(files).toMatchSnapshot('files');
    expect(report).toMatchSnapshot('report');
    expect(project.setup('copilot', { locale: 'zh', store: 'memory' })).toMatchSnapshot(
      'report zh',
    );
  });

  it('changes nothing on a second run, and --remove gives back the original bytes', () => {
    project.write('.github/mcp.json', USER_MCP);
    const before = project.files();
    project.setup('copilot');
    expect(project.read('.github/mcp.json')).toContain('\n    "mcpServers": {\n        "docs"');
    const first = project.files();
    expect(project.setup('copilot')).toContain('nothing to change');
    expect(project.files()).toEqual(first);
    project.setup('copilot', { remove: true });
    expect(project.files()).toEqual(before);
  });

  it('keeps the hooks a person adds to its hooks file: a re-run and --remove take out only setup’s', () => {
    project.setup('copilot');
    const path = '.github/hooks/plankeeper.json';
    const mine = { type: 'command', bash: './scripts/audit.sh', timeoutSec: 5 };
    const file = JSON.parse(project.read(path));
    file.hooks.sessionStart.push(mine);
    file.hooks.sessionEnd = [mine];
    project.write(path, `${JSON.stringify(file, null, 2)}\n`);

    // A re-run with other flags rewrites setup's handlers and moves none of the person's.
    expect(project.setup('copilot', { approval: 'once' })).toContain(`updated ${path}: hooks`);
    const again = JSON.parse(project.read(path)).hooks;
    expect(again.sessionStart).toEqual([
      { ...file.hooks.sessionStart[0], bash: `${file.hooks.sessionStart[0].bash} --approval once` },
      mine,
    ]);
    expect(again.sessionEnd).toEqual([mine]);
    expect(again.preToolUse).toHaveLength(1);

    // --remove leaves the person's hooks as if setup had never written its own.
    const report = project.setup('copilot', { remove: true });
    expect(report).toContain(`removed from ${path}: hooks`);
    expect(JSON.parse(project.read(path))).toEqual({
      version: 1,
      hooks: { sessionStart: [mine], sessionEnd: [mine] },
    });
    expect(project.read(path)).toMatchSnapshot('person’s hooks after --remove');
  });

  it('--remove deletes its hooks file once the person’s own hooks are gone from it', () => {
    project.setup('copilot');
    const path = '.github/hooks/plankeeper.json';
    const file = JSON.parse(project.read(path));
    file.hooks.sessionEnd = [{ type: 'command', bash: 'true' }];
    project.write(path, JSON.stringify(file));
    project.setup('copilot');
    delete file.hooks.sessionEnd;
    project.write(path, JSON.stringify(file));
    project.setup('copilot', { remove: true });
    expect(project.files()[path]).toBeUndefined();
  });

  it('refuses a hooks file of the same name it did not write, and writes nothing', () => {
    project.write('.github/hooks/plankeeper.json', '{"version": 1, "hooks": {}}\n');
    const before = project.files();
    expect(() => project.setup('copilot')).toThrow(
      /plankeeper\.json: is not a file plankeeper setup wrote/,
    );
    expect(project.files()).toEqual(before);
  });

  it('refuses the person’s own plankeeper server in .mcp.json', () => {
    project.write('.mcp.json', '{"mcpServers": {"plankeeper": {"command": "my-plankeeper"}}}\n');
    expect(() => project.setup('copilot')).toThrow(/already has its own "mcpServers.plankeeper"/);
  });
});

describe('Copilot CLI and Claude Code set up in one project (one .mcp.json)', () => {
  // The team's file has a comment line (JSONC, as Claude Code accepts).
  const server = () =>
    JSON.parse(project.read('.mcp.json').replace(/^\s*\/\/.*$/m, '')).mcpServers.plankeeper;

  it.each([
    ['claude-code', 'copilot'],
    ['copilot', 'claude-code'],
  ] as const)(
    'set up %s then %s: one shared entry, each --remove leaves the other working, both give back the bytes',
    (first, second) => {
      project.write('.mcp.json', USER_MCP_JSON);
      const before = project.files();
      project.setup(first);
      project.setup(second);
      const entry = server();
      // The first setup's entry, used by both: the server keys plans by the agent that starts it.
      expect(entry.args).toEqual([BIN, 'mcp', '--for', first]);
      expect(entry.alwaysLoad).toBe(true);
      const both = project.files();
      expect(project.setup(first)).toContain('nothing to change');
      expect(project.setup(second)).toContain('nothing to change');
      expect(project.files()).toEqual(both);

      // Removing the first keeps the entry for the second (and its way back with it).
      project.setup(first, { remove: true });
      expect(server()).toEqual(entry);
      expect(project.read('.mcp.json')).toContain('// the team');
      project.setup(second, { remove: true });
      expect(project.files()).toEqual(before);
    },
  );

  it('set up with other flags than the agent whose server it shares: the report names them, in English and Chinese', () => {
    project.write('.mcp.json', USER_MCP_JSON);
    project.setup('claude-code');
    const report = project.setup('copilot', { planFile: 'PLAN.md', approval: 'once' });
    const line = report.split('\n').filter((each) => each.includes("'s tools use"));
    expect(line).toEqual([
      "  .mcp.json: copilot's tools use the server shared with claude-code, whose --approval, --plan-file differ from copilot's hooks; set up both agents with the same flags.",
    ]);
    expect(report).toMatchSnapshot('en');
    const zh = project.setup('copilot', { planFile: 'PLAN.md', approval: 'once', locale: 'zh' });
    expect(zh).toContain('--approval、--lang、--plan-file');
    expect(zh).toMatchSnapshot('zh');
    // The same flags as the server's: nothing to say.
    expect(project.setup('copilot')).not.toContain("'s tools use");
    expect(project.setup('claude-code')).not.toContain("'s tools use");
  });

  it('removing the second first leaves the first as it was, and the bytes come back after both', () => {
    project.write('.mcp.json', USER_MCP_JSON);
    const before = project.files();
    project.setup('claude-code');
    const claudeOnly = project.read('.mcp.json');
    project.setup('copilot');
    project.setup('copilot', { remove: true });
    expect(project.read('.mcp.json')).toBe(claudeOnly);
    project.setup('claude-code', { remove: true });
    expect(project.files()).toEqual(before);
  });

  it('Claude Code creating .mcp.json after Copilot: its --remove keeps the entry Copilot now reads, and Copilot’s --remove deletes the file', () => {
    const before = project.files();
    project.setup('copilot');
    project.setup('claude-code');
    expect(server().args).toEqual([BIN, 'mcp', '--for', 'claude-code']);
    project.setup('claude-code', { remove: true });
    expect(server().args).toEqual([BIN, 'mcp', '--for', 'claude-code']);
    project.setup('copilot', { remove: true });
    expect(project.files()).toEqual(before);
  });
});
