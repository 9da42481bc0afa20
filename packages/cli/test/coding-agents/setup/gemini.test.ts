/** `plankeeper setup gemini`: `.gemini/settings.json` in the project, merged and reversible. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SetupConfigError } from '../../../src/coding-agents/setup/index.js';
import { BIN, createSetupProject, NODE, type SetupProject } from './support/project.js';

let project: SetupProject;
beforeEach(() => {
  project = createSetupProject();
});
afterEach(() => project.dispose());

// Four-space indentation, as some people keep it: setup writes it back the same way.
const USER_SETTINGS = `${JSON.stringify(
  {
    ui: { theme: 'GitHub' },
    mcpServers: { docs: { httpUrl: 'http://localhost:9000/mcp' } },
    hooks: {
      AfterTool: [
        {
          matcher: 'write_file',
          hooks: [{ name: 'fmt', type: 'command', command: 'prettier -w' }],
        },
      ],
    },
  },
  null,
  4,
)}\n`;

describe('plankeeper setup gemini', () => {
  it('writes the trusted MCP server and the named hooks into a fresh project', () => {
    const report = project.setup('gemini');
    const files = project.files();
    const settings = JSON.parse(files['.gemini/settings.json']!);
    expect(settings.mcpServers.plankeeper).toEqual({
      command: NODE,
      args: [BIN, 'mcp', '--for', 'gemini'],
      trust: true,
      timeout: 20000,
    });
    expect(Object.keys(settings.hooks)).toEqual([
      'SessionStart',
      'BeforeAgent',
      'AfterTool',
      'AfterAgent',
      'PreCompress',
    ]);
    expect(settings.hooks.AfterAgent).toEqual([
      {
        matcher: '*',
        hooks: [
          {
            name: 'plankeeper',
            type: 'command',
            // The forwarder to the MCP server, with the hook process as its way when that is down.
            command: `. "$GEMINI_PROJECT_DIR"/.gemini/plankeeper-hook.sh 9 ${NODE} ${BIN} hook gemini AfterAgent`,
            timeout: 10000,
          },
        ],
      },
    ]);
    expect(files).toMatchSnapshot('files');
    expect(report).toMatchSnapshot('report');
    expect(project.setup('gemini', { locale: 'zh', store: 'memory' })).toMatchSnapshot('report zh');
  });

  it("keeps the user's settings, servers and hooks, in their indentation", () => {
    project.write('.gemini/settings.json', USER_SETTINGS);
    project.setup('gemini');
    const text = project.read('.gemini/settings.json');
    expect(text).toContain('\n    "ui": {\n        "theme": "GitHub"');
    const settings = JSON.parse(text);
    expect(Object.keys(settings.mcpServers)).toEqual(['docs', 'plankeeper']);
    expect(settings.hooks.AfterTool[0]).toEqual({
      matcher: 'write_file',
      hooks: [{ name: 'fmt', type: 'command', command: 'prettier -w' }],
    });
    expect(settings.hooks.AfterTool[1].hooks[0].name).toBe('plankeeper');
  });

  it('changes nothing on a second run, and --remove gives back the original bytes', () => {
    project.write('.gemini/settings.json', USER_SETTINGS);
    const before = project.files();
    project.setup('gemini');
    const first = project.files();
    expect(project.setup('gemini')).toContain('nothing to change');
    expect(project.files()).toEqual(first);
    project.setup('gemini', { remove: true });
    expect(project.files()).toEqual(before);
  });

  it('moves the hooks of a project set up before they had matchers into their groups, then removes them exactly', () => {
    project.write('.gemini/settings.json', USER_SETTINGS);
    const before = project.files();
    project.setup('gemini', { approval: 'once' });
    const narrowed = project.read('.gemini/settings.json');
    // As the version before wrote them: every plankeeper hook in one group on "*".
    const settings = JSON.parse(narrowed);
    for (const event of ['SessionStart', 'PreCompress', 'BeforeTool']) {
      settings.hooks[event] = [{ matcher: '*', hooks: [settings.hooks[event][0].hooks[0]] }];
    }
    project.write('.gemini/settings.json', `${JSON.stringify(settings, null, 4)}\n`);
    expect(project.setup('gemini', { approval: 'once' })).toContain(
      'hooks.SessionStart, hooks.PreCompress, hooks.BeforeTool',
    );
    expect(project.read('.gemini/settings.json')).toBe(narrowed);
    const upgraded = JSON.parse(narrowed).hooks;
    expect(upgraded.SessionStart.map((group: { matcher: string }) => group.matcher)).toEqual([
      'resume',
      'clear',
    ]);
    expect(upgraded.PreCompress[0].matcher).toBe('manual');
    expect(upgraded.BeforeTool[0].matcher).toBe('^(?!mcp_plankeeper_)');
    expect(project.setup('gemini', { approval: 'once' })).toContain('nothing to change');
    project.setup('gemini', { remove: true });
    expect(project.files()).toEqual(before);
  });

  it('takes the hooks an earlier version wrote without records (every one on "*") into its groups, and --remove takes them all out', () => {
    const old = (event: string) => ({
      matcher: '*',
      hooks: [
        {
          name: 'plankeeper',
          type: 'command',
          command: `/opt/old/bin/node /opt/old/plankeeper/bin/plankeeper.js hook gemini ${event}`,
          timeout: 10000,
        },
      ],
    });
    const user = JSON.parse(USER_SETTINGS);
    const events = ['SessionStart', 'BeforeAgent', 'AfterTool', 'AfterAgent', 'PreCompress'];
    const earlier = structuredClone(user);
    for (const event of events)
      earlier.hooks[event] = [...(earlier.hooks[event] ?? []), old(event)];
    project.write('.gemini/settings.json', `${JSON.stringify(earlier, null, 4)}\n`);
    project.setup('gemini');
    const hooks = JSON.parse(project.read('.gemini/settings.json')).hooks;
    const commands = (event: string) =>
      hooks[event].flatMap((group: { hooks: { command: string }[] }) =>
        group.hooks.map((handler) => handler.command),
      );
    const forwarded = (event: string) =>
      `. "$GEMINI_PROJECT_DIR"/.gemini/plankeeper-hook.sh 9 ${NODE} ${BIN} hook gemini ${event}`;
    expect(commands('SessionStart')).toEqual([
      forwarded('SessionStart'),
      forwarded('SessionStart'),
    ]);
    expect(hooks.PreCompress).toHaveLength(1);
    expect(hooks.PreCompress[0].matcher).toBe('manual');
    expect(commands('AfterTool')).toEqual(['prettier -w', forwarded('AfterTool')]);
    project.setup('gemini', { remove: true });
    expect(JSON.parse(project.read('.gemini/settings.json'))).toEqual(user);
  });

  it('moves hooks an earlier version ran through `bash <forwarder>` (no records) to the sourced forwarder, once each', () => {
    const user = JSON.parse(USER_SETTINGS);
    const earlier = structuredClone(user);
    earlier.hooks.AfterTool = [
      ...(earlier.hooks.AfterTool ?? []),
      {
        matcher: '*',
        hooks: [
          {
            name: 'plankeeper',
            type: 'command',
            command: `bash "$GEMINI_PROJECT_DIR"/.gemini/plankeeper-hook.sh 9 ${NODE} ${BIN} hook gemini AfterTool`,
            timeout: 10000,
          },
        ],
      },
    ];
    project.write('.gemini/settings.json', `${JSON.stringify(earlier, null, 4)}\n`);
    project.setup('gemini');
    const hooks = JSON.parse(project.read('.gemini/settings.json')).hooks;
    const commands = hooks.AfterTool.flatMap((group: { hooks: { command: string }[] }) =>
      group.hooks.map((handler) => handler.command),
    );
    expect(commands).toEqual([
      'prettier -w',
      `. "$GEMINI_PROJECT_DIR"/.gemini/plankeeper-hook.sh 9 ${NODE} ${BIN} hook gemini AfterTool`,
    ]);
    project.setup('gemini', { remove: true });
    expect(JSON.parse(project.read('.gemini/settings.json'))).toEqual(user);
  });

  it('refuses malformed settings with one line naming the file, and writes nothing', () => {
    project.write('.gemini/settings.json', '["not", "an", "object"]\n');
    expect(() => project.setup('gemini')).toThrow(SetupConfigError);
    expect(() => project.setup('gemini')).toThrow(
      /\.gemini\/settings\.json: must hold a JSON object/,
    );
    expect(Object.keys(project.files())).toEqual(['.gemini/', '.gemini/settings.json']);
  });
});
