import { quoteText } from '../engine/render.js';
import type { EvidenceTexts } from './evidence-texts.js';

const names = (tools: readonly string[]) => tools.join(', ');
const exitText = (exit: number | string) =>
  typeof exit === 'number' ? `exit code ${exit}` : `ended by ${exit}`;

export const enEvidence: EvidenceTexts = {
  issue(issue) {
    const item = `#${issue.id} ${quoteText(issue.content)}`;
    if (issue.code === 'completion_refused')
      return `${item} cannot be completed yet: ${issue.reason}`;
    switch (issue.window) {
      case 'started':
        return `${item} cannot be completed: no tool call has succeeded since it became in_progress. Do the work with your tools first, then mark it completed.`;
      case 'none':
        return `${item} was never in_progress, so no work counts for it. Set it in_progress, do the work with your tools, then mark it completed.`;
      case 'last_update':
        return `${item} cannot be completed: no tool call has succeeded since your last todo update, and one stretch of work counts for one item. Do its work first, then complete it.`;
    }
  },
  unproven: (items) =>
    `No evidence for ${items.map((item) => `#${item.id} ${quoteText(item.content)}`).join('; ')}: no tool call succeeded in its window. Do the work with your tools before marking an item completed.`,
  verifierFailed: (message) => `its completion check could not run (${message}).`,
  verifierTimedOut: (seconds) => `its completion check did not finish within ${seconds} s.`,
  toolMissing: (tools) =>
    `it needs a successful ${tools.join(' or ')} call since it started. Run it, then complete the item.`,
  citeCall: (tools) =>
    tools.length === 0
      ? 'the reason must name the tool call that shows it is done, and none has succeeded since it started.'
      : `the reason must name the tool call that shows it is done (one of: ${names(tools)}).`,
  commandFailed: (command, exit, tail) =>
    `the check \`${command}\` failed (${exitText(exit)})${tail ? `; its last lines:\n${tail}` : '.'}\nFix the cause, then complete the item.`,
  commandTimedOut: (command, seconds) =>
    `the check \`${command}\` did not finish within ${seconds} s.`,
};
