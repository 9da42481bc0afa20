/**
 * The README's preset table says what `plankeeper eval` prints now: each preset's failure
 * modes caught (of all the suite's), and its overhead on the control, from a real run.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const readme = readFileSync(`${root}README.md`, 'utf8');

describe('the README’s preset table', () => {
  it('matches the presets table plankeeper eval prints', () => {
    const printed = execFileSync(process.execPath, ['packages/cli/bin/plankeeper.js', 'eval'], {
      cwd: root,
      encoding: 'utf8',
    });
    const presets = printed.slice(printed.indexOf('\nPresets ('));
    const [, calls, tokens] = /^off +(\d+) \/ ([\d,]+)/m.exec(presets)!;
    const modes = /^light +\d+\/(\d+)/m.exec(presets)![1];
    expect(readme).toMatch(
      new RegExp(
        `\\| off +\\| 0/${modes} +\\| \\(${calls} calls\\) +\\| \\(${tokens} tokens\\) +\\|`,
      ),
    );
    for (const name of ['light', 'standard', 'strict']) {
      const [, caught, extraCalls, extra, percent] = new RegExp(
        `^${name} +(\\d+/\\d+) +\\d+ / [\\d,]+ +(\\d+) calls, (\\+[\\d,]+) tokens \\((\\+[\\d.]+)%\\)`,
        'm',
      ).exec(presets)!;
      expect(readme).toMatch(
        new RegExp(
          `\\| \`${name}\` +\\| ${caught} +\\| ${extraCalls} +\\| \\${extra} \\(\\${percent}%\\) +\\|`,
        ),
      );
    }
  }, 120_000);
});
