/**
 * A plan file refused (too large, not UTF-8, read-only, mid-merge), as the model and a person
 * read it, in each language; the English one is the error's own message.
 */
import { getLocale, LOCALE_IDS } from 'plankeeper';
import type { PlanFileProblem } from 'plankeeper/stores';
import { PlanFileError } from 'plankeeper/stores/plan-file';
import { describe, expect, it } from 'vitest';

const PROBLEMS: PlanFileProblem[] = [
  { code: 'too-many-bytes', file: 'PLAN.md', bytes: 1_048_585, limit: 1_048_576 },
  { code: 'too-many-items', file: 'PLAN.md', items: 10_001, limit: 10_000 },
  { code: 'not-utf8', file: 'docs/PLAN.md' },
  { code: 'read-only', file: 'PLAN.md' },
  { code: 'merge-conflict', file: 'PLAN.md', line: 4 },
];

describe.each(LOCALE_IDS)('plan-file refusals (%s)', (id) => {
  it.each(PROBLEMS.map((problem) => [problem.code, problem] as const))('%s', (_, problem) => {
    const text = getLocale(id).planFile.refusal(problem);
    expect(text).not.toContain('\n');
    expect(text).toMatchSnapshot();
    if (id === 'en') expect(new PlanFileError(problem).message).toBe(text);
  });
});
