/**
 * `plankeeper setup opencode`: `opencode.json` (MCP server + permission) and the plugin
 * `.opencode/plugin/plankeeper.js` that asks `plankeeper hook opencode` about OpenCode's hooks.
 * What the plugin does inside OpenCode is tested with the real CLI
 * (test/coding-agents/opencode/plankeeper-hooks.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mcpRelayCommand } from '../../../src/coding-agents/hook-route/mcp-relay.js';
import { OPENCODE_EVENTS } from '../../../src/coding-agents/opencode/plugin-source.js';
import {
  SCOPE_ARGUMENT,
  SESSION_ARGUMENT,
} from '../../../src/coding-agents/opencode/session-arguments.js';
import { BIN, createSetupProject, NODE, type SetupProject } from './support/project.js';

let project: SetupProject;
beforeEach(() => {
  project = createSetupProject();
});
afterEach(() => project.dispose());

const USER_CONFIG = `${JSON.stringify(
  {
    $schema: 'https://opencode.ai/config.json',
    mcp: { jira: { type: 'remote', url: 'https://example.test/mcp' } },
    permission: { bash: 'ask' },
  },
  null,
  2,
)}\n`;

describe('plankeeper setup opencode', () => {
  it('writes the MCP server, the permission rule and the plugin', () => {
    const report = project.setup('opencode');
    const files = project.files();
    const config = JSON.parse(files['opencode.json']!);
    expect(config).toEqual({
      mcp: {
        plankeeper: {
          type: 'local',
          // The relay to the plugin's resident, which runs this command when it cannot.
          command: mcpRelayCommand('opencode', [NODE, BIN, 'mcp', '--for', 'opencode']),
          enabled: true,
        },
      },
      permission: { 'plankeeper_*': 'allow' },
    });
    expect(files['.opencode/plugin/plankeeper.js']).toMatchSnapshot('plugin');
    expect(report).toMatchSnapshot('report');
    expect(project.setup('opencode', { locale: 'zh', store: 'memory' })).toMatchSnapshot(
      'report zh',
    );
  });

  it('the plugin is valid JavaScript that exports one plugin function', () => {
    project.setup('opencode');
    const check = spawnSync(process.execPath, [
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(join(project.dir, '.opencode/plugin/plankeeper.js'))});
       const hooks = await m.PlankeeperPlugin({ directory: '.' });
       console.log(Object.keys(m).join(), Object.keys(hooks).join());`,
    ]);
    expect(check.stderr.toString()).toBe('');
    expect(check.stdout.toString().trim()).toBe(
      'PlankeeperPlugin chat.message,tool.execute.before,tool.execute.after,experimental.text.complete,experimental.session.compacting,experimental.compaction.autocontinue,event',
    );
  });

  it('the plugin runs the hook of every event it handles, and adds the plan key the MCP server reads', () => {
    project.setup('opencode', { locale: 'zh' });
    const plugin = project.files()['.opencode/plugin/plankeeper.js']!;
    expect(plugin).toContain(`const COMMAND = ${JSON.stringify([NODE, BIN, 'hook', 'opencode'])};`);
    expect(plugin).toContain('const OPTIONS = ["--lang","zh"];');
    for (const event of OPENCODE_EVENTS) expect(plugin).toContain(`"${event}"`);
    expect(plugin).toContain(`const SESSION_ARGUMENT = "${SESSION_ARGUMENT}";`);
    expect(plugin).toContain(`const SCOPE_ARGUMENT = "${SCOPE_ARGUMENT}";`);
    expect(plugin).not.toMatch(/from ['"]@opencode-ai/);
  });

  it("keeps the user's config, is idempotent, and --remove gives back the original bytes", () => {
    project.write('opencode.json', USER_CONFIG);
    const before = project.files();
    project.setup('opencode', { locale: 'zh' });
    const config = JSON.parse(project.read('opencode.json'));
    expect(Object.keys(config.mcp)).toEqual(['jira', 'plankeeper']);
    expect(config.permission).toEqual({ bash: 'ask', 'plankeeper_*': 'allow' });
    const first = project.files();
    expect(project.setup('opencode', { locale: 'zh' })).toContain('没有需要更改的内容');
    expect(project.files()).toEqual(first);
    project.setup('opencode', { remove: true });
    expect(project.files()).toEqual(before);
  });

  it('leaves a plugin file the person wrote themselves', () => {
    project.write('.opencode/plugin/plankeeper.js', 'export const Mine = async () => ({});\n');
    project.setup('opencode');
    project.setup('opencode', { remove: true });
    expect(project.read('.opencode/plugin/plankeeper.js')).toBe(
      'export const Mine = async () => ({});\n',
    );
  });

  it('refuses malformed opencode.json and writes nothing', () => {
    project.write('opencode.json', '{ "mcp": { "jira": } }');
    expect(() => project.setup('opencode')).toThrow(/opencode\.json: not valid JSON/);
    expect(Object.keys(project.files())).toEqual(['opencode.json']);
  });
});
