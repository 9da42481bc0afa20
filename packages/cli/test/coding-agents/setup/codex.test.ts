/**
 * `plankeeper setup codex`: `$CODEX_HOME/config.toml` (plankeeper's block, the user's TOML
 * kept byte for byte, comments included) and `$CODEX_HOME/hooks.json`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MISSING_INSTALL } from '../../../src/coding-agents/codex/config-toml.js';
import { hookTrust } from '../../../src/coding-agents/codex/hook-trust.js';
import { SetupConfigError } from '../../../src/coding-agents/setup/index.js';
import { BIN, createSetupProject, NODE, type SetupProject } from './support/project.js';

/** The part of Codex's config.toml these tests look at. */
type CodexConfig = { mcp_servers: Record<string, { args: string[] } & Record<string, unknown>> };

let project: SetupProject;
beforeEach(() => {
  project = createSetupProject();
});
afterEach(() => project.dispose());

const USER_TOML = `# my Codex settings
model = "gpt-5" # the good one
approval_policy = "on-request"

[mcp_servers.github]
command = "gh-mcp"
args = ["serve"]

[features]
plugins = false
`;
const USER_HOOKS = `${JSON.stringify(
  { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'notify-send done', timeout: 5 }] }] } },
  null,
  2,
)}\n`;

/** How setup's hooks start the forwarder: sourced in bash, with bash in another shell. */
const SOURCED_START = `run=\${BASH_VERSION:+.}; \${run:-bash}`;

describe('plankeeper setup codex', () => {
  it('writes the required, pre-approved MCP server (never blocking when plankeeper is gone) and the hooks into CODEX_HOME', () => {
    const report = project.setup('codex');
    const files = project.files();
    const config = parse(files['~/.codex/config.toml']!) as CodexConfig;
    expect(config.mcp_servers.plankeeper).toEqual({
      command: NODE,
      args: ['-e', MISSING_INSTALL, BIN, 'mcp', '--for', 'codex'],
      required: true,
      default_tools_approval_mode: 'approve',
      startup_timeout_sec: 20,
    });
    const hooks = JSON.parse(files['~/.codex/hooks.json']!).hooks;
    expect(Object.keys(hooks)).toEqual([
      'SessionStart',
      'UserPromptSubmit',
      'PostToolUse',
      'Stop',
      'SubagentStart',
      'SubagentStop',
      'PreCompact',
    ]);
    expect(hooks.Stop).toEqual([
      {
        hooks: [
          {
            type: 'command',
            // The forwarder to the MCP server, with the hook process as its way when that is down:
            // sourced when Codex runs hooks with bash, else started with bash.
            command: `run=\${BASH_VERSION:+.}; \${run:-bash} /tmp/HOME/.codex/plankeeper-hook.sh 9 ${NODE} ${BIN} hook codex Stop`,
            timeout: 10,
          },
        ],
      },
    ]);
    // The trust hashes cover the temp paths; their value is checked below, with fixed paths.
    const stable = Object.fromEntries(
      Object.entries(files).map(([path, text]) => [
        path,
        text.replace(/sha256:[0-9a-f]{64}/g, 'sha256:<hash>'),
      ]),
    );
    expect(stable).toMatchSnapshot('files');
    expect(report).toMatchSnapshot('report');
    expect(project.setup('codex', { remove: true, locale: 'zh' })).toMatchSnapshot('remove zh');
  });

  it('quotes paths with spaces and quotes for the shell Codex runs hooks with', () => {
    project.setup('codex', { bin: "/opt/my tools/it's/plankeeper.js" });
    const hooks = JSON.parse(project.read('~/.codex/hooks.json')).hooks;
    expect(hooks.Stop[0].hooks[0].command).toBe(
      `run=\${BASH_VERSION:+.}; \${run:-bash} ${project.codexHome}/plankeeper-hook.sh 9 ${NODE} '/opt/my tools/it'\\''s/plankeeper.js' hook codex Stop`,
    );
  });

  it('runs the forwarder sourced in bash and with bash in sh, the login shells Codex runs hooks with', () => {
    project.setup('codex');
    const command: string = JSON.parse(project.read('~/.codex/hooks.json')).hooks.Stop[0].hooks[0]
      .command;
    // A script in the forwarder's place that says who runs it: sourced, $0 is the shell's.
    const probe = join(project.root, 'probe.sh');
    writeFileSync(probe, 'printf \'%s %s\' "$0" "$1"\n');
    const probed = command.replace(join(project.codexHome, 'plankeeper-hook.sh'), probe);
    const run = (shell: string) => spawnSync(shell, ['-c', probed], { encoding: 'utf8' }).stdout;
    expect(run('bash')).toBe('bash 9');
    expect(run('sh')).toBe(`${probe} 9`);
  });

  it("keeps the user's TOML byte for byte (comments too) and their hooks", () => {
    project.write('~/.codex/config.toml', USER_TOML);
    project.write('~/.codex/hooks.json', USER_HOOKS);
    project.setup('codex', { locale: 'zh' });
    const text = project.read('~/.codex/config.toml');
    expect(text.startsWith(`${USER_TOML}\n# >>> plankeeper setup`)).toBe(true);
    const config = parse(text) as CodexConfig;
    expect(Object.keys(config.mcp_servers)).toEqual(['github', 'plankeeper']);
    expect(config.mcp_servers.plankeeper!.args.slice(-2)).toEqual(['--lang', 'zh']);
    const hooks = JSON.parse(project.read('~/.codex/hooks.json')).hooks;
    expect(hooks.Stop[0]).toEqual({
      hooks: [{ type: 'command', command: 'notify-send done', timeout: 5 }],
    });
    expect(hooks.Stop).toHaveLength(2);
  });

  it("records plankeeper's hooks as trusted, at their place after the user's, never the user's", () => {
    project.write('~/.codex/hooks.json', USER_HOOKS);
    project.setup('codex');
    const config = parse(project.read('~/.codex/config.toml')) as {
      hooks: { state: Record<string, { trusted_hash: string }> };
    };
    const keys = Object.keys(config.hooks.state);
    const hooksJson = `${project.codexHome}/hooks.json`;
    expect(keys).toHaveLength(7);
    expect(keys).toContain(`${hooksJson}:stop:1:0`); // the user's Stop group is group 0
    expect(keys).toContain(`${hooksJson}:user_prompt_submit:0:0`);
    expect(keys).not.toContain(`${hooksJson}:stop:0:0`);
    for (const { trusted_hash } of Object.values(config.hooks.state)) {
      expect(trusted_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    }
  });

  it('computes the trust hash Codex 0.171.0 computes for the same hook', () => {
    // currentHash of this hook in `codex app-server` hooks/list (Codex 0.171.0). The hooks
    // setup writes now name the forwarder in the temp CODEX_HOME, so the hash is checked on
    // this fixed handler; the real-CLI test has Codex itself trust the ones written.
    const handler = {
      type: 'command',
      command:
        '/opt/node/bin/node /opt/plankeeper/bin/plankeeper.js hook codex Stop --store memory',
      timeout: 10,
    };
    const after = JSON.stringify({ hooks: { Stop: [{ hooks: [handler] }] } });
    const edit = { path: '/h/hooks.json', before: undefined, after, changes: [] };
    expect(hookTrust(edit, ['Stop'], () => handler)).toEqual([
      {
        key: '/h/hooks.json:stop:0:0',
        hash: 'ba1dc335db6c074bf777d24ac880e8811c92a446183f9ad268a2f09bbbe41c29',
      },
    ]);
    // Setup records that hash of the handler it writes.
    project.setup('codex', { store: 'memory' });
    const config = parse(project.read('~/.codex/config.toml')) as {
      hooks: { state: Record<string, { trusted_hash: string }> };
    };
    const path = `${project.codexHome}/hooks.json`;
    const written = JSON.parse(project.read('~/.codex/hooks.json')).hooks.Stop[0].hooks[0];
    const [trust] = hookTrust(
      { path, before: undefined, after: project.read('~/.codex/hooks.json'), changes: [] },
      ['Stop'],
      () => written,
    );
    expect(config.hooks.state[`${path}:stop:0:0`]).toEqual({
      trusted_hash: `sha256:${trust!.hash}`,
    });
  });

  it('leaves a trust entry the person made for one of its hooks, and adds none twice', () => {
    const key = `${project.codexHome}/hooks.json:stop:0:0`;
    // What Codex writes when the person trusts a hook under /hooks.
    const mine = `[hooks.state.${JSON.stringify(key)}]\ntrusted_hash = "sha256:abc"\n`;
    project.write('~/.codex/config.toml', mine);
    project.setup('codex');
    const text = project.read('~/.codex/config.toml');
    expect(text.startsWith(mine)).toBe(true);
    const config = parse(text) as { hooks: { state: Record<string, { trusted_hash: string }> } };
    expect(config.hooks.state[key]).toEqual({ trusted_hash: 'sha256:abc' });
    expect(Object.keys(config.hooks.state)).toHaveLength(7);
  });

  it('changes nothing on a second run, byte for byte', () => {
    project.write('~/.codex/config.toml', USER_TOML);
    project.setup('codex');
    const first = project.files();
    expect(project.setup('codex')).toBe(
      'plankeeper setup codex: nothing to change in /tmp/PROJECT.\n',
    );
    expect(project.files()).toEqual(first);
  });

  it('--remove gives back the user’s config.toml and hooks.json byte for byte', () => {
    project.write('~/.codex/config.toml', USER_TOML);
    project.write('~/.codex/hooks.json', USER_HOOKS);
    const before = project.files();
    project.setup('codex');
    project.setup('codex', { store: 'memory' }); // a changed store replaces the block in place
    expect(project.read('~/.codex/config.toml').match(/\[mcp_servers\.plankeeper\]/g)).toHaveLength(
      1,
    );
    project.setup('codex', { remove: true });
    expect(project.files()).toEqual(before);
  });

  it('knows an earlier install’s hooks of either forwarder start with no records, replacing them once each', () => {
    const forwarded = (start: string, node = NODE) => ({
      hooks: [
        {
          type: 'command',
          command: `${start} ${project.codexHome}/plankeeper-hook.sh 9 ${node} ${BIN} hook codex Stop`,
          timeout: 10,
        },
      ],
    });
    const user = JSON.parse(USER_HOOKS);
    for (const start of ['bash', SOURCED_START]) {
      const earlier = structuredClone(user);
      earlier.hooks.Stop.push(forwarded(start, '/usr/lib/node18/bin/node'));
      project.write('~/.codex/hooks.json', `${JSON.stringify(earlier, null, 2)}\n`);
      project.setup('codex');
      const stops = JSON.parse(project.read('~/.codex/hooks.json')).hooks.Stop;
      expect(stops).toEqual([user.hooks.Stop[0], forwarded(SOURCED_START)]);
      project.setup('codex', { remove: true });
      expect(JSON.parse(project.read('~/.codex/hooks.json'))).toEqual(user);
    }
  });

  it('refuses malformed TOML with one line naming the file, and writes nothing', () => {
    project.write('~/.codex/config.toml', 'model = "gpt-5\n');
    const before = project.files();
    expect(() => project.setup('codex')).toThrow(SetupConfigError);
    expect(() => project.setup('codex')).toThrow(/\.codex\/config\.toml: not valid TOML \(.+\)/);
    expect(project.files()).toEqual(before);
  });

  it('refuses a plankeeper server the user defined by hand rather than overwrite it', () => {
    project.write('~/.codex/config.toml', '[mcp_servers.plankeeper]\ncommand = "mine"\n');
    expect(() => project.setup('codex')).toThrow(/already defines \[mcp_servers\.plankeeper\]/);
    expect(project.read('~/.codex/config.toml')).toBe(
      '[mcp_servers.plankeeper]\ncommand = "mine"\n',
    );
  });

  it('refuses a config where its table would clash with the user’s TOML', () => {
    project.write('~/.codex/config.toml', 'mcp_servers = { github = { command = "gh" } }\n');
    expect(() => project.setup('codex')).toThrow(/config\.toml: not valid TOML/);
    expect(project.files()['~/.codex/hooks.json']).toBeUndefined();
  });

  it('two projects share the config in the home, naming no store; --remove in one leaves it to the other', () => {
    const other = join(project.root, 'other');
    mkdirSync(other);
    project.setup('codex');
    const first = project.read('~/.codex/config.toml');
    project.setup('codex', { dir: other });
    const both = project.read('~/.codex/config.toml');
    expect(both).toContain(`# set up for: ${JSON.stringify(project.dir)}`);
    expect(both).toContain(`# set up for: ${JSON.stringify(other)}`);
    expect(both).not.toContain('--store');
    const hooks = project.read('~/.codex/hooks.json');
    project.setup('codex', { remove: true });
    const left = project.read('~/.codex/config.toml');
    expect(left).toContain('[mcp_servers.plankeeper]');
    expect(left).not.toContain(JSON.stringify(project.dir));
    expect(project.read('~/.codex/hooks.json')).toBe(hooks);
    project.setup('codex', { dir: other, remove: true });
    expect(project.files()['~/.codex/config.toml'] ?? '').not.toContain('plankeeper');
    expect(project.files()['~/.codex/hooks.json'] ?? '').not.toContain('plankeeper');
    expect(first).not.toContain(JSON.stringify(other));
  });

  it('honours CODEX_HOME, and HOME when CODEX_HOME is unset', () => {
    project.setup('codex', { env: { HOME: project.home } });
    expect(project.files()['~/.codex/config.toml']).toContain('[mcp_servers.plankeeper]');
  });
});
