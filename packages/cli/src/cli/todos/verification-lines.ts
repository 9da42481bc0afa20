/**
 * What verified a plan, as `plankeeper todos` shows it: the plan's last check
 * (`verified: npm test → exit 0 in 12.3 s, v7`), what each completed item's completion kept
 * as evidence (the check that let it through, or the tool calls that counted), and a
 * `host:check` revision of the history named as the check it was. Commands and tool names
 * are stored text: every line is shown with unsafe characters escaped, never obeyed.
 */
import type { Locale, TodoItem } from 'plankeeper';
import type { CheckRecord } from 'plankeeper/checks';
import type { PlanRevision } from 'plankeeper/stores';
import { itemEvidence } from '../../verify/item-evidence.js';
import { oneLine } from '../commands/todos-view.js';

const WORDS = {
  en: {
    verified: 'verified: ',
    failed: 'check failed: ',
    version: (version: number) => `, v${version}`,
    letThrough: ', answer let through',
    evidence: 'Evidence:',
    calls: (tools: string, earlier: number) =>
      `${tools}${earlier > 0 ? ` (+${earlier} earlier)` : ''}`,
    when: { answer: 'check before the answer: ', completion: 'check at a completion: ' },
  },
  zh: {
    verified: '已验证：',
    failed: '检查未通过：',
    version: (version: number) => `，v${version}`,
    letThrough: '，答复已放行',
    evidence: '完成依据：',
    calls: (tools: string, earlier: number) =>
      `${tools}${earlier > 0 ? `（另有 ${earlier} 次更早的调用）` : ''}`,
    when: { answer: '答复前的检查：', completion: '完成时的检查：' },
  },
};

/** The plan's verification: `verified: npm test → exit 0 in 12.3 s, v7`, or a failed check. */
export function verificationLine(check: CheckRecord, locale: Locale): string {
  const words = WORDS[locale.id];
  const lead = check.outcome === 'passed' ? words.verified : words.failed;
  const letThrough = check.letThrough ? words.letThrough : '';
  return oneLine(
    `${lead}${locale.checks.summary(check)}${words.version(check.version)}${letThrough}`,
  );
}

/**
 * One line per completed item with evidence, `#2 npm test → exit 0 in 1.2 s, v4` or
 * `#3 run_tests, read_file`, from the newest revision that completed it; none without any.
 */
export function evidenceLines(
  items: readonly TodoItem[],
  history: readonly PlanRevision[],
  locale: Locale,
): string[] {
  const words = WORDS[locale.id];
  const lines = itemEvidence(items, history).map((entry) => {
    const shown = entry.check
      ? `${locale.checks.summary(entry.check)}${words.version(entry.check.version)}`
      : words.calls(
          [...new Set(entry.calls.map((call) => call.tool))].join(', '),
          entry.count - entry.calls.length,
        );
    return oneLine(`#${entry.id} ${shown}`);
  });
  return lines.length > 0 ? [words.evidence, ...lines.map((line) => `  ${line}`)] : [];
}

/** A `host:check` revision in the history: `check before the answer: npm test → exit 1 …`. */
export function checkRevisionLabel(check: CheckRecord, locale: Locale): string {
  const words = WORDS[locale.id];
  const letThrough = check.letThrough ? words.letThrough : '';
  return oneLine(`${words.when[check.when]}${locale.checks.summary(check)}${letThrough}`);
}
