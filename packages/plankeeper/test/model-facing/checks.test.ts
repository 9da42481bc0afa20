/** Every text of the checks before an answer, per language, reviewed as one file each. */

import { getLocale, LOCALE_IDS } from 'plankeeper';
import type { CheckResult } from 'plankeeper/checks';
import { describe, expect, it } from 'vitest';

const failed: CheckResult = {
  command: 'npm test',
  outcome: 'failed',
  exit: 1,
  durationMs: 12_345,
  tail: 'FAIL greet.test.js\n  expected "Hello" but got "Helo"\n```\n\u001b[31mred\u001b[0m',
  at: 0,
};

describe.each(LOCALE_IDS)('checks before done texts (%s)', (localeId) => {
  it('matches the reviewed text', async () => {
    const c = getLocale(localeId).checks;
    const sections = [
      `# Checks before done (${localeId})`,
      '## Refused: the check failed (output with a fence and a terminal escape)',
      c.refused(failed, 1, 3),
      '## Refused: ended by a signal, no output',
      c.refused({ ...failed, exit: 'SIGKILL', tail: '' }, 2, 3),
      '## Refused: timed out',
      c.refused(
        { ...failed, outcome: 'timed-out', durationMs: 300_000, tail: 'still running' },
        3,
        3,
      ),
      '## To the person: still failing after the refusals',
      c.stillFailing(failed, 3),
      '## To the person: a command that cannot start',
      c.cannotStart({
        command: 'nosuch-check',
        outcome: 'cannot-start',
        exit: 127,
        durationMs: 4,
        tail: 'sh: 1: nosuch-check: not found',
        at: 0,
      }),
      '## Summary: passed',
      c.summary({ ...failed, outcome: 'passed', exit: 0, tail: '' }),
      '## Summary: failed',
      c.summary(failed),
      '## Goal check naming the last result',
      c.goalCheck('Fix the greeting in greet.txt', failed),
    ];
    await expect(`${sections.join('\n\n')}\n`).toMatchFileSnapshot(
      `__snapshots__/checks.${localeId}.md`,
    );
  });
});
