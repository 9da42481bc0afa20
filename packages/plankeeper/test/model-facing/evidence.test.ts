/** Every text of the evidence rule and the verifiers, per language, reviewed as one file each. */

import { getLocale, LOCALE_IDS } from 'plankeeper';
import { describe, expect, it } from 'vitest';

describe.each(LOCALE_IDS)('evidence texts (%s)', (localeId) => {
  it('matches the reviewed text', async () => {
    const locale = getLocale(localeId);
    const e = locale.evidence;
    const item = { id: '3', content: 'Run the tests' };
    const noEvidence = (window: 'started' | 'none' | 'last_update') =>
      locale.issue({ code: 'no_evidence', path: ['todos'], ...item, window }, 'todos');
    const refused = locale.issue(
      {
        code: 'completion_refused',
        path: ['items'],
        ...item,
        reason: e.toolMissing(['run_tests']),
      },
      'items',
    );
    const sections = [
      `# Evidence and verifier texts (${localeId})`,
      '## Rejected: no call since the item started',
      locale.results.rejected([noEvidence('started')], 0),
      '## Rejected: never in progress',
      noEvidence('none'),
      '## Rejected: granular family, no call since the last update',
      noEvidence('last_update'),
      '## Rejected by a verifier',
      refused,
      '## Warning (warn)',
      e.unproven([item, { id: '4', content: 'Write "the" summary' }]),
      '## Verifier threw',
      e.verifierFailed('runner missing'),
      '## Verifier timed out',
      e.verifierTimedOut(60),
      '## Built-in: a named tool must have succeeded',
      e.toolMissing(['run_tests', 'bash']),
      '## Built-in: the reason must cite a call',
      e.citeCall(['bash', 'read_file']),
      '## Built-in: the reason must cite a call, none succeeded',
      e.citeCall([]),
      '## Command verifier failed',
      e.commandFailed('npm test', 1, 'FAIL parser.test.ts\n  expected 2, got 3'),
      '## Command verifier failed without output',
      e.commandFailed('npm test', 'SIGKILL', ''),
      '## Command verifier timed out',
      e.commandTimedOut('npm test', 300),
    ];
    await expect(`${sections.join('\n\n')}\n`).toMatchFileSnapshot(
      `__snapshots__/evidence.${localeId}.md`,
    );
  });
});
