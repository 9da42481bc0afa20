/**
 * How the built-in tools say no. A model's mistake comes back as a result it can act on
 * (what was wrong, what to send instead); nothing on disk changes.
 */
import { getLocale, type PlanIssue, type ToolResult } from 'plankeeper';
import { formatPath, parseArguments } from 'plankeeper/tools';

const en = getLocale('en');

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
    case 'invalid_json':
    case 'trailing_data':
    case 'not_object':
      // Argument-level problems read the same for every tool.
      return en.issue(issue, where);
    case 'missing':
      return `${where} is missing; send a ${typeLabel(issue.expected)}.`;
    case 'null':
      return `${where} is null; send a ${typeLabel(issue.expected)}, or leave it out if it is optional.`;
    case 'wrong_type':
      return `${where} must be a ${typeLabel(issue.expected)}, not ${issue.received}.`;
    case 'unknown_field':
      return `unknown field "${issue.field}".${issue.allowed.length ? ` Allowed: ${issue.allowed.join(', ')}.` : ''}`;
    case 'too_long':
      return `${where} has ${issue.length} characters; the limit is ${issue.maximum}.`;
    case 'blank':
      // Strings here have a minimum length of 1 and numbers a minimum of 1; zod reports
      // both as "too small", so the value tells which one this is.
      return typeof valueAt(rawArguments, issue.path) === 'number'
        ? `${where} must be at least 1.`
        : `${where} is empty; send some text.`;
    default:
      return `${where} is not valid.`;
  }
}

/** zod's type names, as a sentence would say them. */
function typeLabel(expected: string): string {
  return expected === 'int' ? 'whole number' : expected;
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
