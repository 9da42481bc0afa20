/**
 * Setup on a person's real configuration: it never replaces or deletes what it did not write
 * (their own `plankeeper` server, hooks that mention plankeeper, permissions they had), writes
 * through symlinks, keeps a file's mode, refuses what it cannot write before writing anything,
 * and `--remove` gives back the bytes that were there.
 */
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SetupConfigError } from '../../../src/coding-agents/setup/index.js';
import { BIN, createSetupProject, NODE, type SetupProject } from './support/project.js';

let project: SetupProject;
beforeEach(() => {
  project = createSetupProject();
});
afterEach(() => project.dispose());

const OWN_SERVER = {
  command: '/usr/local/bin/plankeeper',
  args: ['mcp', '--store', 'redis://team:6379'],
};

/** Runs `act` expecting a refusal that names `path`; nothing may have been written. */
function expectRefusal(act: () => unknown, path: string, problem: RegExp): void {
  const before = project.files();
  let error: unknown;
  try {
    act();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(SetupConfigError);
  expect((error as SetupConfigError).path).toBe(path);
  expect((error as SetupConfigError).message).toMatch(problem);
  expect((error as SetupConfigError).message).not.toContain('\n');
  expect(project.files()).toEqual(before);
}

describe('the person’s own plankeeper server', () => {
  it('opencode.json: refused, nothing written; --remove leaves it and their "ask"', () => {
    const text = `${JSON.stringify(
      {
        mcp: {
          plankeeper: {
            type: 'local',
            command: ['/usr/local/bin/plankeeper', 'mcp', '--store', 'redis://team:6379'],
          },
        },
        permission: { 'plankeeper_*': 'ask' },
      },
      null,
      2,
    )}\n`;
    project.write('opencode.json', text);
    expectRefusal(
      () => project.setup('opencode'),
      join(project.dir, 'opencode.json'),
      /already has its own "mcp\.plankeeper" \(not written by plankeeper setup\)/,
    );
    project.setup('opencode', { remove: true });
    expect(project.read('opencode.json')).toBe(text);
  });

  it('.mcp.json (Claude Code) and .gemini/settings.json: refused, and --remove leaves them', () => {
    const mcp = `${JSON.stringify({ mcpServers: { plankeeper: OWN_SERVER } }, null, 2)}\n`;
    project.write('.mcp.json', mcp);
    expectRefusal(
      () => project.setup('claude-code'),
      join(project.dir, '.mcp.json'),
      /already has its own "mcpServers\.plankeeper"/,
    );
    project.setup('claude-code', { remove: true });
    expect(project.read('.mcp.json')).toBe(mcp);

    project.write('.gemini/settings.json', mcp);
    expectRefusal(
      () => project.setup('gemini'),
      join(project.dir, '.gemini', 'settings.json'),
      /already has its own "mcpServers\.plankeeper"/,
    );
    project.setup('gemini', { remove: true });
    expect(project.read('.gemini/settings.json')).toBe(mcp);
  });

  it('OpenCode: a plankeeper_* rule of the person’s own is kept (and said), not made "allow"', () => {
    project.write('opencode.json', '{"permission": {"plankeeper_*": "ask"}}\n');
    const report = project.setup('opencode');
    expect(JSON.parse(project.read('opencode.json')).permission).toEqual({ 'plankeeper_*': 'ask' });
    expect(report).toContain(
      'left as you have it: permission "plankeeper_*" in opencode.json (your own setting)',
    );
    project.setup('opencode', { remove: true });
    expect(project.read('opencode.json')).toBe('{"permission": {"plankeeper_*": "ask"}}\n');
  });
});

describe('the person’s own hooks', () => {
  const AUDIT = "echo 'plankeeper hook claude-code Stop fired' >> ~/.claude/audit.log";
  const OWN_HOOK = {
    type: 'command',
    command: '/usr/local/bin/plankeeper hook claude-code PostToolUse --store redis://team:6379/2',
  };
  const settings = `${JSON.stringify(
    {
      hooks: {
        Stop: [{ hooks: [{ type: 'command', command: AUDIT }] }],
        PostToolUse: [{ hooks: [OWN_HOOK] }],
      },
    },
    null,
    2,
  )}\n`;

  it('Claude Code: hooks whose command mentions plankeeper stay through setup, a re-run and --remove', () => {
    project.write('.claude/settings.json', settings);
    project.setup('claude-code');
    project.setup('claude-code', { store: 'memory' });
    const hooks = JSON.parse(project.read('.claude/settings.json')).hooks;
    expect(hooks.Stop[0].hooks).toEqual([{ type: 'command', command: AUDIT }]);
    expect(hooks.PostToolUse[0].hooks).toEqual([OWN_HOOK]);
    // The re-run replaced setup's own handlers (one per event), not added a second.
    expect(hooks.Stop).toHaveLength(2);
    expect(hooks.Stop[1].hooks[0]).toMatchObject({ type: 'mcp_tool', input: { event: 'Stop' } });
    expect(hooks.SessionStart.at(-1).hooks[0].args).toContain('memory');
    project.setup('claude-code', { remove: true });
    expect(project.read('.claude/settings.json')).toBe(settings);
  });

  it('Codex and Gemini CLI: the same for hooks.json and .gemini/settings.json', () => {
    const codexHook = {
      type: 'command',
      command: '/usr/local/bin/plankeeper hook codex Stop --store redis://team:6379/2',
    };
    const hooksJson = `${JSON.stringify({ hooks: { Stop: [{ hooks: [codexHook] }] } }, null, 2)}\n`;
    project.write('~/.codex/hooks.json', hooksJson);
    project.setup('codex');
    expect(JSON.parse(project.read('~/.codex/hooks.json')).hooks.Stop[0].hooks).toEqual([
      codexHook,
    ]);
    project.setup('codex', { remove: true });
    expect(project.read('~/.codex/hooks.json')).toBe(hooksJson);

    const geminiHook = { type: 'command', command: 'plankeeper hook gemini AfterAgent >> log' };
    const gemini = `${JSON.stringify({ hooks: { AfterAgent: [{ hooks: [geminiHook] }] } }, null, 2)}\n`;
    project.write('.gemini/settings.json', gemini);
    project.setup('gemini');
    expect(JSON.parse(project.read('.gemini/settings.json')).hooks.AfterAgent[0].hooks).toEqual([
      geminiHook,
    ]);
    project.setup('gemini', { remove: true });
    expect(project.read('.gemini/settings.json')).toBe(gemini);
  });
});

describe('symlinks, modes and what cannot be written', () => {
  it('writes through a symlinked .claude/settings.json and ~/.codex/config.toml; --remove restores the target', () => {
    const dotfiles = join(project.root, 'dotfiles');
    mkdirSync(dotfiles);
    writeFileSync(join(dotfiles, 'settings.json'), '{"model": "opus"}\n');
    writeFileSync(join(dotfiles, 'config.toml'), 'model = "o3"\n');
    mkdirSync(join(project.dir, '.claude'));
    symlinkSync(join(dotfiles, 'settings.json'), join(project.dir, '.claude', 'settings.json'));
    mkdirSync(project.codexHome);
    symlinkSync(join(dotfiles, 'config.toml'), join(project.codexHome, 'config.toml'));

    project.setup('claude-code');
    project.setup('codex');
    const link = join(project.dir, '.claude', 'settings.json');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(join(dotfiles, 'settings.json'));
    expect(JSON.parse(readFileSync(join(dotfiles, 'settings.json'), 'utf8')).hooks).toBeDefined();
    expect(lstatSync(join(project.codexHome, 'config.toml')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dotfiles, 'config.toml'), 'utf8')).toContain(
      '[mcp_servers.plankeeper]',
    );

    project.setup('claude-code', { remove: true });
    project.setup('codex', { remove: true });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dotfiles, 'settings.json'), 'utf8')).toBe('{"model": "opus"}\n');
    expect(lstatSync(join(project.codexHome, 'config.toml')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dotfiles, 'config.toml'), 'utf8')).toBe('model = "o3"\n');
  });

  it('keeps a 0600 file 0600 through setup and --remove', () => {
    project.write('.gemini/settings.json', '{"apiKey": "secret"}\n');
    project.write('~/.codex/config.toml', 'api_key = "secret"\n');
    const gemini = join(project.dir, '.gemini', 'settings.json');
    const codex = join(project.codexHome, 'config.toml');
    chmodSync(gemini, 0o600);
    chmodSync(codex, 0o600);
    project.setup('gemini');
    project.setup('codex');
    expect(statSync(gemini).mode & 0o777).toBe(0o600);
    expect(statSync(codex).mode & 0o777).toBe(0o600);
    project.setup('gemini', { remove: true });
    project.setup('codex', { remove: true });
    expect(statSync(gemini).mode & 0o777).toBe(0o600);
    expect(statSync(codex).mode & 0o777).toBe(0o600);
    expect(readFileSync(gemini, 'utf8')).toBe('{"apiKey": "secret"}\n');
  });

  it('refuses a read-only (0444) config with one line, and writes nothing', () => {
    project.write('.claude/settings.json', '{"model": "opus"}\n');
    const settings = join(project.dir, '.claude', 'settings.json');
    chmodSync(settings, 0o444);
    expectRefusal(
      () => project.setup('claude-code'),
      settings,
      /is read-only \(mode 444\); make it writable, then run setup again/,
    );
    expect(existsSync(join(project.dir, '.mcp.json'))).toBe(false);
  });

  it('refuses a read-only project folder before writing anything (no .mcp.json half-way)', () => {
    chmodSync(project.dir, 0o555);
    try {
      expectRefusal(
        () => project.setup('claude-code'),
        join(project.dir, '.mcp.json'),
        /cannot be written: .* is read-only; make it writable, then run setup again/,
      );
      expect(existsSync(join(project.dir, '.mcp.json'))).toBe(false);
    } finally {
      chmodSync(project.dir, 0o755);
    }
  });

  it('refuses a read-only .claude folder before writing .mcp.json', () => {
    mkdirSync(join(project.dir, '.claude'));
    chmodSync(join(project.dir, '.claude'), 0o555);
    try {
      expectRefusal(
        () => project.setup('claude-code'),
        join(project.dir, '.claude', 'settings.json'),
        /is read-only/,
      );
      expect(existsSync(join(project.dir, '.mcp.json'))).toBe(false);
    } finally {
      chmodSync(join(project.dir, '.claude'), 0o755);
    }
  });
});

describe('--remove gives back what was there before', () => {
  const SETTINGS = `${JSON.stringify(
    {
      model: 'opus',
      enabledMcpjsonServers: ['plankeeper', 'github'],
      permissions: { allow: ['mcp__plankeeper', 'Bash(npm test)'] },
    },
    null,
    2,
  )}\n`;

  it('the person’s own permission and server approval stay, also after they edited the file', () => {
    project.write('.claude/settings.json', SETTINGS);
    project.setup('claude-code');
    project.setup('claude-code', { remove: true });
    expect(project.read('.claude/settings.json')).toBe(SETTINGS);

    // Edited by the person after setup: removal goes by what setup recorded writing.
    project.setup('claude-code');
    const edited = project.read('.claude/settings.json').replace('"opus"', '"sonnet"');
    project.write('.claude/settings.json', edited);
    project.setup('claude-code', { remove: true });
    const after = JSON.parse(project.read('.claude/settings.json'));
    expect(after).toEqual({
      model: 'sonnet',
      enabledMcpjsonServers: ['plankeeper', 'github'],
      permissions: { allow: ['mcp__plankeeper', 'Bash(npm test)'] },
    });
  });

  it('takes out a permission setup added even after the person edited the file', () => {
    project.write('.claude/settings.json', '{"model": "opus"}\n');
    project.setup('claude-code');
    const edited = project.read('.claude/settings.json').replace('"opus"', '"sonnet"');
    project.write('.claude/settings.json', edited);
    project.setup('claude-code', { remove: true });
    expect(JSON.parse(project.read('.claude/settings.json'))).toEqual({ model: 'sonnet' });
  });

  it('bytes: big numbers, 1.0, escapes, layout and comments survive setup; --remove gives them back', () => {
    const text = [
      '{',
      '    // the person’s comment',
      '    "seed": 12345678901234567890, "ratio": 1.0,',
      '    "name": "caf\\u00e9 \\/ tab\\t",',
      '    "mcpServers": { "github": { "command": "gh-mcp" } },',
      '}',
      '',
    ].join('\n');
    project.write('.gemini/settings.json', text);
    project.setup('gemini');
    const after = project.read('.gemini/settings.json');
    expect(after).toContain('// the person’s comment');
    expect(after).toContain('"seed": 12345678901234567890, "ratio": 1.0,');
    expect(after).toContain('"name": "caf\\u00e9 \\/ tab\\t",');
    expect(after.indexOf('"seed"')).toBeLessThan(after.indexOf('"plankeeper"'));
    project.setup('gemini', { remove: true });
    expect(project.read('.gemini/settings.json')).toBe(text);

    // Edited since: removal by entry still keeps the comment and the spellings.
    project.setup('gemini');
    project.write(
      '.gemini/settings.json',
      project.read('.gemini/settings.json').replace('"ratio": 1.0', '"ratio": 2.0'),
    );
    project.setup('gemini', { remove: true });
    const removed = project.read('.gemini/settings.json');
    expect(removed).toContain('// the person’s comment');
    expect(removed).toContain('"seed": 12345678901234567890, "ratio": 2.0,');
    expect(removed).not.toContain('plankeeper');
  });

  it('opencode.jsonc is edited in place (no opencode.json beside it), comments kept', () => {
    const text = '{\n  // my model\n  "model": "anthropic/claude-sonnet-4",\n}\n';
    project.write('opencode.jsonc', text);
    project.setup('opencode');
    expect(existsSync(join(project.dir, 'opencode.json'))).toBe(false);
    const after = project.read('opencode.jsonc');
    expect(after).toContain('// my model');
    expect(after).toContain('"plankeeper_*": "allow"');
    project.setup('opencode', { remove: true });
    expect(project.read('opencode.jsonc')).toBe(text);
  });
});

describe('the OpenCode plugin', () => {
  const plugin = '.opencode/plugin/plankeeper.js';

  it('a plugin the person edited is kept by a re-run and by --remove, and the report says so', () => {
    project.setup('opencode');
    const edited = `${project.read(plugin)}\n// my own tweak\n`;
    project.write(plugin, edited);
    const again = project.setup('opencode', { store: 'memory' });
    expect(project.read(plugin)).toBe(edited);
    expect(again).toContain(`left as you have it: ${plugin} (you changed it since setup wrote it)`);
    const removed = project.setup('opencode', { remove: true });
    expect(project.read(plugin)).toBe(edited);
    expect(removed).toContain(`left as you have it: ${plugin}`);
  });

  it('an unchanged plugin is rewritten by a re-run with other options and deleted by --remove', () => {
    project.setup('opencode');
    project.setup('opencode', { store: 'memory' });
    expect(project.read(plugin)).toContain('memory');
    project.setup('opencode', { remove: true });
    expect(existsSync(join(project.dir, plugin))).toBe(false);
  });
});

describe('the report', () => {
  it('prints a store URL with its password masked', () => {
    const report = project.setup('claude-code', { store: 'redis://team:s3cret@cache:6379/2' });
    expect(report).toContain('cache:6379/2');
    expect(report).not.toContain('s3cret');
  });
});

describe('.gitignore', () => {
  it('gets .plankeeper/ when setup creates that folder in a git project; the last --remove takes it out', () => {
    mkdirSync(join(project.dir, '.git'));
    project.write('.gitignore', 'node_modules/');
    project.setup('claude-code');
    expect(project.read('.gitignore')).toBe('node_modules/\n.plankeeper/\n');
    project.setup('gemini');
    project.setup('claude-code', { remove: true });
    // Gemini CLI is still set up: its store stays ignored.
    expect(project.read('.gitignore')).toBe('node_modules/\n.plankeeper/\n');
    project.setup('gemini', { remove: true });
    expect(project.read('.gitignore')).toBe('node_modules/');
  });

  it('a .gitignore setup created goes with the last --remove; one that names .plankeeper already is left', () => {
    mkdirSync(join(project.dir, '.git'));
    project.setup('opencode');
    expect(project.read('.gitignore')).toBe('.plankeeper/\n');
    project.setup('opencode', { remove: true });
    expect(existsSync(join(project.dir, '.gitignore'))).toBe(false);

    project.write('.gitignore', '/.plankeeper\n');
    project.setup('opencode');
    expect(project.read('.gitignore')).toBe('/.plankeeper\n');
    project.setup('opencode', { remove: true });
    expect(project.read('.gitignore')).toBe('/.plankeeper\n');
  });
});

describe('a project set up by an earlier version (no records)', () => {
  it('Claude Code: its server and hooks are recognised by the form only setup writes, replaced, and removed', () => {
    const old = (event: string) => ({
      type: 'command',
      command: NODE,
      args: [BIN, 'hook', 'claude-code', event, '--store', 'sqlite:/old/plans.db'],
      timeout: 10,
    });
    project.write(
      '.mcp.json',
      JSON.stringify({
        mcpServers: {
          plankeeper: {
            type: 'stdio',
            command: NODE,
            args: [BIN, 'mcp', '--store', 'sqlite:/old/plans.db', '--for', 'claude-code'],
          },
        },
      }),
    );
    project.write(
      '.claude/settings.json',
      JSON.stringify({
        hooks: {
          Stop: [{ hooks: [old('Stop')] }],
          PostToolUse: [
            { hooks: [{ type: 'command', command: 'my-own-hook' }] },
            { hooks: [old('PostToolUse')] },
          ],
        },
      }),
    );
    project.setup('claude-code');
    const mcp = JSON.parse(project.read('.mcp.json')).mcpServers.plankeeper;
    expect(mcp.alwaysLoad).toBe(true);
    expect(mcp.args).not.toContain('sqlite:/old/plans.db');
    const hooks = JSON.parse(project.read('.claude/settings.json')).hooks;
    expect(hooks.Stop).toHaveLength(1);
    expect(hooks.PostToolUse).toHaveLength(2);
    expect(hooks.PostToolUse[0].hooks).toEqual([{ type: 'command', command: 'my-own-hook' }]);
    expect(JSON.stringify(hooks)).not.toContain('/old/');
    project.setup('claude-code', { remove: true });
    expect(project.read('.mcp.json')).not.toContain('plankeeper');
    expect(JSON.parse(project.read('.claude/settings.json')).hooks).toEqual({
      PostToolUse: [{ hooks: [{ type: 'command', command: 'my-own-hook' }] }],
    });
  });
});

describe('a one-line config', () => {
  it('stays valid JSON when setup replaces the last items of a one-line array, and --remove gives its bytes back', () => {
    const text = `{"mcpServers":{"plankeeper":{"type":"stdio","command":"${NODE}","args":["${BIN}","mcp","--store","sqlite:/old/plans.db","--for","claude-code"]}},"x":1.0}`;
    project.write('.mcp.json', text);
    // A store outside the project stays in the arguments: the array keeps its length.
    project.setup('claude-code', { store: 'sqlite:/new/plans.db' });
    const after = project.read('.mcp.json');
    expect(JSON.parse(after).mcpServers.plankeeper.alwaysLoad).toBe(true);
    expect(after).toContain('"x":1.0');
    project.setup('claude-code', { remove: true });
    expect(project.read('.mcp.json')).not.toContain('plankeeper');
  });
});
