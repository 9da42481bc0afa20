/**
 * `plankeeper setup <agent> --remove`, run as a person runs it (the built CLI), on a project
 * an earlier version set up: those versions kept no record of the entries they wrote, so an
 * allow rule or server approval setup also writes may be the person's own. It stays, and the
 * report says so in one line; in a file the earlier version created, it goes with the rest.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { homeEnv } from '../../support/sandbox-env.js';
import { createSetupProject, type SetupProject } from './support/project.js';

/** Where an earlier checkout put node and plankeeper's bin. */
const OLD_NODE = '/opt/old/bin/node';
const OLD_BIN = '/opt/old/plankeeper/packages/cli/bin/plankeeper.js';

let project: SetupProject;
beforeEach(() => {
  project = createSetupProject();
});
afterEach(() => project.dispose());

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The person's own settings before any setup. */
const OWN_SETTINGS = {
  model: 'opus',
  permissions: { allow: ['mcp__plankeeper', 'Bash(npm test)'] },
  enabledMcpjsonServers: ['plankeeper', 'github'],
};

/**
 * The project as the version before setup's records wrote it: the server in `.mcp.json`,
 * hooks (and, in a file it created, the allow rule and server approval) in
 * `.claude/settings.json`, and a manifest naming only the files it created.
 */
function earlierClaudeCodeSetup(own: Record<string, unknown> | undefined): void {
  const store = `sqlite:${join(project.dir, '.plankeeper', 'plans.db')}`;
  const handler = (event: string) => ({
    type: 'command',
    command: OLD_NODE,
    args: [OLD_BIN, 'hook', 'claude-code', event, '--store', store],
    timeout: 10,
  });
  project.write(
    '.mcp.json',
    json({
      mcpServers: {
        plankeeper: {
          type: 'stdio',
          command: OLD_NODE,
          args: [OLD_BIN, 'mcp', '--store', store, '--for', 'claude-code'],
        },
      },
    }),
  );
  project.write(
    '.claude/settings.json',
    json({
      ...(own ?? {
        permissions: { allow: ['mcp__plankeeper'] },
        enabledMcpjsonServers: ['plankeeper'],
      }),
      hooks: {
        SessionStart: [{ hooks: [handler('SessionStart')] }],
        PreToolUse: [{ matcher: 'mcp__plankeeper__.*', hooks: [handler('PreToolUse')] }],
        Stop: [{ hooks: [handler('Stop')] }],
      },
    }),
  );
  const files = [join(project.dir, '.mcp.json')];
  const dirs: string[] = [];
  if (!own) {
    files.push(join(project.dir, '.claude', 'settings.json'));
    dirs.push(join(project.dir, '.claude'));
  }
  project.write('.plankeeper/setup.json', json({ created: { 'claude-code': { files, dirs } } }));
}

async function cli(...args: string[]): Promise<string> {
  const run = await runCli(['setup', ...args, '--dir', project.dir], {
    env: homeEnv(project.home),
  });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return project.scrub(run.stdout);
}

describe('--remove on a project an earlier version set up (no records)', () => {
  it('Claude Code: leaves the allow rule and server approval the person may have had, and says so', async () => {
    earlierClaudeCodeSetup(OWN_SETTINGS);
    const report = await cli('claude-code', '--remove');
    expect(JSON.parse(project.read('.claude/settings.json'))).toEqual(OWN_SETTINGS);
    expect(existsSync(join(project.dir, '.mcp.json'))).toBe(false);
    expect(report).toContain(
      '  left in .claude/settings.json: permissions.allow "mcp__plankeeper", enabledMcpjsonServers "plankeeper" (no record says setup added them; delete what is not yours)\n',
    );
    expect(report).toMatchSnapshot('en');
  });

  it('Claude Code, in Chinese', async () => {
    earlierClaudeCodeSetup(OWN_SETTINGS);
    expect(await cli('claude-code', '--remove', '--lang', 'zh')).toMatchSnapshot('zh');
  });

  it('Claude Code: in a settings file the earlier version created, everything it wrote goes', async () => {
    earlierClaudeCodeSetup(undefined);
    const report = await cli('claude-code', '--remove');
    expect(existsSync(join(project.dir, '.claude'))).toBe(false);
    expect(existsSync(join(project.dir, '.mcp.json'))).toBe(false);
    expect(report).not.toContain('left in');
  });

  it('Claude Code: set up again by this version first, --remove still does not take the rule for setup’s', async () => {
    earlierClaudeCodeSetup(OWN_SETTINGS);
    await cli('claude-code');
    const report = await cli('claude-code', '--remove');
    expect(JSON.parse(project.read('.claude/settings.json'))).toEqual(OWN_SETTINGS);
    expect(report).toContain(
      'left in .claude/settings.json: permissions.allow "mcp__plankeeper", enabledMcpjsonServers "plankeeper" (no record',
    );
  });

  it('Claude Code: a rule the person had before this version set up is named as theirs', async () => {
    project.write('.claude/settings.json', json(OWN_SETTINGS));
    await cli('claude-code');
    const report = await cli('claude-code', '--remove');
    expect(project.read('.claude/settings.json')).toBe(json(OWN_SETTINGS));
    expect(report).toContain(
      '  left as you have it: permissions.allow "mcp__plankeeper" in .claude/settings.json (your own setting)\n',
    );
  });

  it('OpenCode: leaves an "allow" for plankeeper_* beside the earlier server, and says so', async () => {
    const own = { $schema: 'https://opencode.ai/config.json', permission: { bash: 'ask' } };
    project.write(
      'opencode.json',
      json({
        ...own,
        mcp: {
          plankeeper: {
            type: 'local',
            command: [OLD_NODE, OLD_BIN, 'mcp', '--store', 'sqlite:plans.db', '--for', 'opencode'],
            enabled: true,
          },
        },
        permission: { ...own.permission, 'plankeeper_*': 'allow' },
      }),
    );
    const report = await cli('opencode', '--remove');
    expect(JSON.parse(project.read('opencode.json'))).toEqual({
      ...own,
      permission: { bash: 'ask', 'plankeeper_*': 'allow' },
    });
    expect(report).toContain(
      '  left in opencode.json: permission "plankeeper_*" (no record says setup added it; delete what is not yours)\n',
    );
  });
});
