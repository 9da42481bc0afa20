/**
 * `plankeeper setup copilot` where Copilot loads an extension (its EXTENSIONS feature on): the
 * extension `.github/extensions/plankeeper/extension.mjs` answers every event it has a hook for,
 * the hooks file keeps the two it has none for, the report names the route in English and
 * Chinese, and --remove gives back the original bytes. A re-run without the feature goes back
 * to the hooks.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { homeEnv } from '../../support/sandbox-env.js';
import { BIN, createSetupProject, NODE, type SetupProject } from './support/project.js';

let project: SetupProject;
beforeEach(() => {
  project = createSetupProject();
});
afterEach(() => project.dispose());

const EXTENSION = '.github/extensions/plankeeper/extension.mjs';
const HOOKS = '.github/hooks/plankeeper.json';
const withFeature = () => ({
  env: { ...homeEnv(project.home), COPILOT_CLI_ENABLED_FEATURE_FLAGS: 'TUIKIT_COMMAND,EXTENSIONS' },
});

describe('plankeeper setup copilot, where Copilot loads an extension', () => {
  it('writes the extension with this project’s settings and keeps only permissionRequest and preCompact as hooks', () => {
    const report = project.setup('copilot', { ...withFeature(), approval: 'once' });
    const hooks = JSON.parse(project.read(HOOKS));
    expect(Object.keys(hooks.hooks)).toEqual(['preCompact', 'permissionRequest']);
    const extension = project.read(EXTENSION);
    expect(extension.split('\n').slice(0, 10).join('\n')).toMatchSnapshot('settings');
    expect(extension).toContain(
      `const COMMAND = ${JSON.stringify([NODE, BIN, 'hook', 'copilot'])};`,
    );
    // With --approval the extension holds other tools: its preToolUse.
    expect(extension).toContain('"preToolUse"');
    expect(extension).toContain('"@github/copilot-sdk/extension"');
    expect(report.split('\n').filter((line) => line.startsWith('Route:'))).toMatchSnapshot(
      'route en',
    );
    const zh = project.setup('copilot', { ...withFeature(), approval: 'once', locale: 'zh' });
    expect(zh.split('\n').filter((line) => line.startsWith('方式'))).toMatchSnapshot('route zh');
  });

  it('changes nothing on a second run, and --remove gives back the original bytes', () => {
    project.write('.github/hooks/team.json', '{"version": 1, "hooks": {}}\n');
    const before = project.files();
    project.setup('copilot', withFeature());
    const first = project.files();
    expect(first[EXTENSION]).toBeDefined();
    expect(project.setup('copilot', withFeature())).toContain('nothing to change');
    expect(project.files()).toEqual(first);
    project.setup('copilot', { ...withFeature(), remove: true });
    expect(project.files()).toEqual(before);
  });

  it('a re-run without the feature takes the extension out and puts every hook back', () => {
    project.setup('copilot', withFeature());
    const report = project.setup('copilot');
    expect(report).toContain('Route: a plankeeper process per hook event');
    const files = project.files();
    expect(files[EXTENSION]).toBeUndefined();
    expect(Object.keys(JSON.parse(files[HOOKS]!).hooks)).toContain('postToolUse');
  });

  it('leaves an extension the person edited, and says so', () => {
    project.setup('copilot', withFeature());
    const edited = `${project.read(EXTENSION)}\n// mine\n`;
    project.write(EXTENSION, edited);
    const report = project.setup('copilot', { ...withFeature(), remove: true });
    expect(project.read(EXTENSION)).toBe(edited);
    expect(report).toContain('extension.mjs');
  });
});
