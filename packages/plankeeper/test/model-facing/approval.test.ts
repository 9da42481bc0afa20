/** Everything the model reads about plan approval, per language, reviewed as one file each. */

import { getLocale, LOCALE_IDS } from 'plankeeper';
import type { PlanRevision } from 'plankeeper/harness';
import { describePersonChanges } from 'plankeeper/harness';
import { describe, expect, it } from 'vitest';

const revision = (source: PlanRevision['source'], version: number): PlanRevision => ({
  version,
  at: 0,
  record: null,
  source,
});

describe.each(LOCALE_IDS)('approval texts (%s)', (localeId) => {
  it('matches the reviewed text', async () => {
    const locale = getLocale(localeId);
    const a = locale.approval;
    const sections = [
      `# Plan approval (${localeId})`,
      '## Held: no plan yet',
      a.waiting('no-plan', 'run_shell'),
      '## Held: plan not approved',
      a.waiting('unapproved', 'run_shell'),
      '## Held: plan changed after approval',
      a.waiting('changed', 'run_shell'),
      '## After a plan write while the plan waits (MCP server beside hooks)',
      a.awaiting,
      '## Notice after approval (with and without a name)',
      a.approvedBy('Ana'),
      a.approvedBy(undefined),
      '## A person edits, then approves, then edits again',
      describePersonChanges(
        [
          revision(
            { tool: 'person:cancel', by: 'person', name: 'Ana', edit: { kind: 'cancel', id: '2' } },
            2,
          ),
          revision(
            { tool: 'person:approve', by: 'person', name: 'Ana', edit: { kind: 'approve' } },
            3,
          ),
          revision(
            { tool: 'person:add', by: 'person', name: 'Ana', edit: { kind: 'add', id: '4' } },
            4,
          ),
        ],
        locale,
      ),
      '## Refused: nothing to approve',
      locale.person.problem({ code: 'nothing_to_approve' }),
    ];
    await expect(`${sections.join('\n\n')}\n`).toMatchFileSnapshot(
      `__snapshots__/approval.${localeId}.md`,
    );
  });
});
