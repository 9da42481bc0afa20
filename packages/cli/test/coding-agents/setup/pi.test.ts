/**
 * `plankeeper setup pi`: one file, `.pi/extensions/plankeeper.ts`, which Pi loads into its own
 * process. What the extension does inside Pi is tested with the real CLI
 * (test/coding-agents/pi/pi-extension.real-cli.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIN, createSetupProject, NODE, type SetupProject } from './support/project.js';

const EXTENSION = '.pi/extensions/plankeeper.ts';

let project: SetupProject;
beforeEach(() => {
  project = createSetupProject();
});
afterEach(() => project.dispose());

/** The two lines of the extension setup decided. */
function settingsOf(text: string): string[] {
  return text.split('\n').filter((line) => line.startsWith('const PLANKEEPER_'));
}

describe('plankeeper setup pi', () => {
  it('writes the extension, and reports it in English and Chinese', () => {
    const report = project.setup('pi');
    const files = project.files();
    expect(Object.keys(files).filter((path) => !path.startsWith('~/'))).toEqual([
      '.pi/',
      '.pi/extensions/',
      EXTENSION,
      '.plankeeper/',
      '.plankeeper/setup.json',
    ]);
    expect(settingsOf(files[EXTENSION]!)).toEqual([
      `const PLANKEEPER_LAUNCH = ${JSON.stringify([NODE, BIN])};`,
      'const PLANKEEPER_OPTIONS = [];',
    ]);
    expect(files[EXTENSION]).toMatchSnapshot('extension');
    expect(report).toMatchSnapshot('report');
    expect(project.setup('pi', { locale: 'zh', store: 'memory' })).toMatchSnapshot('report zh');
  });

  it('writes the options the hooks of every agent take', () => {
    project.setup('pi', {
      locale: 'zh',
      approval: 'on-change',
      planFile: 'PLAN.md',
      discipline: 'strict',
      verify: ['npm test'],
      evidence: 'enforce',
    });
    const [, options] = settingsOf(project.read(EXTENSION));
    expect(options).toBe(
      'const PLANKEEPER_OPTIONS = ["--plan-file","PLAN.md","--lang","zh","--approval","on-change","--discipline","strict","--verify","npm test","--evidence","enforce"];',
    );
  });

  it('a plan file with --max-items: the extension gets it with the other options', () => {
    project.setup('pi', { planFile: 'PLAN.md', maxItems: 25, store: 'memory' });
    const [, line] = settingsOf(project.read(EXTENSION));
    const options = JSON.parse(line!.replace(/^const PLANKEEPER_OPTIONS = |;$/g, ''));
    expect(options).toEqual(['--store', 'memory', '--plan-file', 'PLAN.md', '--max-items', '25']);
    // What the extension's engine does with it: the real Pi test with --max-items.
  });

  it('keeps an extension the person edited, on a re-run and on --remove, and says so', () => {
    project.setup('pi');
    const edited = `${project.read(EXTENSION)}// mine\n`;
    project.write(EXTENSION, edited);
    const again = project.setup('pi', { store: 'memory' });
    expect(project.read(EXTENSION)).toBe(edited);
    expect(again).toContain(
      `left as you have it: ${EXTENSION} (you changed it since setup wrote it)`,
    );
    const removed = project.setup('pi', { remove: true });
    expect(project.read(EXTENSION)).toBe(edited);
    expect(removed).toContain(`left as you have it: ${EXTENSION}`);
  });
});
