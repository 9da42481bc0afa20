/**
 * What setup writes into the files a project commits, for every agent: no path of the project
 * or of this machine when plankeeper is installed (globally, or as a devDependency started by
 * its path in the project), the store found at run time, and no password: a store URL with credentials goes into
 * Claude Code's personal `.claude/settings.local.json`, into Codex's own config in the home,
 * or (Gemini CLI, OpenCode) nowhere, the report asking for PLANKEEPER_STORE, masked.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIN, createSetupProject, NODE, type SetupProject } from './support/project.js';

let project: SetupProject;
beforeEach(() => {
  project = createSetupProject();
});
afterEach(() => project.dispose());

const SECRET_URL = 'postgres://team:s3cret-pw@db.internal:5432/plans';
const MASKED = 'postgres://team:***@db.internal:5432/plans';
/** The files each agent's setup writes that a project commits (Codex writes none). */
const PROJECT_FILES = {
  'claude-code': ['.mcp.json', '.claude/settings.json'],
  gemini: ['.gemini/settings.json'],
  opencode: ['opencode.json', '.opencode/plugin/plankeeper.js'],
} as const;

describe('setup’s project files are portable', () => {
  for (const [agent, paths] of Object.entries(PROJECT_FILES)) {
    it(`${agent}: a global install is started as \`plankeeper\`, and no file names the project, node or the install`, () => {
      project.setup(agent as keyof typeof PROJECT_FILES, { launch: 'global' });
      const files = project.files();
      for (const path of paths) {
        const text = files[path]!;
        expect(text, path).toBeDefined();
        expect(text, path).not.toContain('/tmp/PROJECT');
        expect(text, path).not.toContain(NODE);
        expect(text, path).not.toContain(BIN);
        expect(text, path).not.toContain('--store');
        expect(text, path).toContain('plankeeper');
      }
    });

    it(`${agent}: a store URL with a password is in no project file, and the report masks it`, () => {
      const report = project.setup(agent as keyof typeof PROJECT_FILES, {
        launch: 'global',
        store: SECRET_URL,
      });
      for (const path of paths) expect(project.files()[path], path).not.toContain('s3cret');
      expect(report).not.toContain('s3cret');
      expect(report).toContain(MASKED);
    });
  }

  it('a devDependency is started by node from its bin in the project (no npx: about 0.5 s less a call)', () => {
    project.setup('claude-code', { launch: 'dev-dependency' });
    const server = JSON.parse(project.read('.mcp.json')).mcpServers.plankeeper;
    expect([server.command, ...server.args]).toEqual([
      'node',
      'node_modules/@plankeeper/cli/bin/plankeeper.js',
      'mcp',
      '--for',
      'claude-code',
    ]);
  });

  it('the printed undo and redo commands start plankeeper as the person can: npx for a devDependency, plain for a global install, node and bin otherwise', () => {
    const undo = (launch: 'dev-dependency' | 'global' | undefined) =>
      project
        .setup('gemini', launch && { launch })
        .split('\n')
        .find((line) => line.startsWith('To undo: '));
    expect(undo('dev-dependency')).toBe(
      'To undo: npx plankeeper setup gemini --remove --dir /tmp/PROJECT',
    );
    expect(project.setup('gemini', { launch: 'dev-dependency', remove: true })).toContain(
      '\nTo set it up again: npx plankeeper setup gemini --dir /tmp/PROJECT\n',
    );
    expect(undo('global')).toBe('To undo: plankeeper setup gemini --remove --dir /tmp/PROJECT');
    project.setup('gemini', { launch: 'global', remove: true });
    expect(undo(undefined)).toBe(
      `To undo: ${NODE} ${BIN} setup gemini --remove --dir /tmp/PROJECT`,
    );
    expect(project.setup('gemini', { locale: 'zh', remove: true })).toContain(
      `\n重新设置：${NODE} ${BIN} setup gemini --dir /tmp/PROJECT\n`,
    );
  });

  it('a SQLite store inside the project is written relative to it (resolved there at run time)', () => {
    project.setup('gemini', { launch: 'global', store: `sqlite:${project.dir}/data/plans.db` });
    const server = JSON.parse(project.read('.gemini/settings.json')).mcpServers.plankeeper;
    expect(server.args).toEqual(['mcp', '--store', 'sqlite:data/plans.db', '--for', 'gemini']);
  });

  it('claude-code: the URL with a password goes to .claude/settings.local.json as PLANKEEPER_STORE, and --remove takes it out', () => {
    project.write('.claude/settings.local.json', '{\n  "model": "opus"\n}\n');
    const report = project.setup('claude-code', { launch: 'global', store: SECRET_URL });
    expect(JSON.parse(project.read('.claude/settings.local.json'))).toEqual({
      model: 'opus',
      env: { PLANKEEPER_STORE: SECRET_URL },
    });
    expect(report).toContain('.claude/settings.local.json: env.PLANKEEPER_STORE');
    expect(report).not.toContain('set PLANKEEPER_STORE');
    project.setup('claude-code', { remove: true });
    expect(project.read('.claude/settings.local.json')).toBe('{\n  "model": "opus"\n}\n');
  });

  it('claude-code: the person’s own PLANKEEPER_STORE in settings.local.json stays theirs', () => {
    project.write('.claude/settings.local.json', '{"env": {"PLANKEEPER_STORE": "redis://mine"}}\n');
    const report = project.setup('claude-code', { launch: 'global', store: SECRET_URL });
    expect(project.read('.claude/settings.local.json')).toBe(
      '{"env": {"PLANKEEPER_STORE": "redis://mine"}}\n',
    );
    expect(report).toContain('left as you have it: env.PLANKEEPER_STORE');
  });

  it('gemini, in English and Chinese: the report asks for PLANKEEPER_STORE, masked', () => {
    expect(project.setup('gemini', { store: SECRET_URL, launch: 'global' })).toMatchSnapshot('en');
    project.setup('gemini', { remove: true });
    expect(
      project.setup('gemini', { store: SECRET_URL, launch: 'global', locale: 'zh' }),
    ).toMatchSnapshot('zh');
  });

  it('codex, in English and Chinese: the report says the home config is shared and each project keeps its store', () => {
    expect(project.setup('codex')).toMatchSnapshot('en');
    expect(project.setup('codex', { remove: true, locale: 'zh' })).toMatchSnapshot('zh removed');
    expect(project.setup('codex', { locale: 'zh' })).toMatchSnapshot('zh');
  });

  it('codex: its config is the person’s own (in the home): the URL stands there as given', () => {
    project.setup('codex', { store: SECRET_URL });
    expect(project.read('~/.codex/config.toml')).toContain(SECRET_URL);
    expect(project.read('~/.codex/hooks.json')).toContain(SECRET_URL);
  });
});
