/**
 * How the built-in tools say no. A model's mistake comes back as a result it can act on
 * (what was wrong, what to send instead); nothing on disk changes.
 */
import { formatPath, type PlanIssue } from '../../engine/plan-issue.js';
import { en } from '../../locale/en.js';
import { parseArguments } from '../parse-arguments.js';
import type { ToolResult } from '../tool.js';

/** A refusal with one corrective message. */
export function refuse(tool: string, text: string, data: Record<string, unknown> = {}): ToolResult {
  return { ok: false, text, data: { error: true, ...data }, title: `${tool}: refused` };
}

/** A refusal listing every argument problem, so the model fixes its call in one go. */
export function rejectArguments(
  tool: string,
  issues: readonly PlanIssue[],
  rawArguments: unknown,
): ToolResult {
  const lines = issues.map((issue) => `- ${describeIssue(issue, rawArguments)}`);
  return {
    ok: false,
    text: `${tool} was not run. Fix the arguments and call it again:\n${lines.join('\n')}`,
    data: { error: true, issues },
    title: `${tool}: rejected`,
  };
}

function describeIssue(issue: PlanIssue, rawArguments: unknown): string {
  const where = formatPath(issue.path);
  switch (issue.code) {
    case 'wrong_type':
      return `${where} must be ${issue.expected === 'int' ? 'a whole number' : issue.expected}, not ${issue.received}.`;
    case 'blank':
      // Strings use a minimum length of 1 and numbers a minimum of 1; zod reports both
      // as "too small", so the value tells which one this is.
      return typeof valueAt(rawArguments, issue.path) === 'number'
        ? `${where} must be at least 1.`
        : `${where} is empty; send some text.`;
    case 'invalid_json':
    case 'trailing_data':
    case 'not_object':
    case 'missing':
    case 'null':
    case 'unknown_field':
    case 'too_long':
      // The plan tools' English wording for these is generic, so it is shared.
      return en.issue(issue, where);
    default:
      return `${where} is not valid.`;
  }
}

function valueAt(rawArguments: unknown, path: readonly (string | number)[]): unknown {
  const parsed = parseArguments(rawArguments);
  let value = parsed.ok ? parsed.value : undefined;
  for (const part of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[part];
  }
  return value;
}
