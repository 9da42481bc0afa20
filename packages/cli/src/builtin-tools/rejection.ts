/**
 * How the built-in tools say no. A model's mistake comes back as a result it can act on
 * (what was wrong, what to send instead), in the tool's language; nothing on disk changes.
 */
import { getLocale, type LocaleId, type ToolResult } from 'plankeeper';
import type { PlanIssue } from 'plankeeper/tools';
import { formatPath, parseArguments } from 'plankeeper/tools';
import { rejectionTexts } from './rejection-texts.js';

/** A refusal with one corrective message. */
export function refuse(
  tool: string,
  localeId: LocaleId | undefined,
  text: string,
  data: Record<string, unknown> = {},
): ToolResult {
  const title = rejectionTexts(getLocale(localeId)).refusedTitle(tool);
  return { ok: false, text, data: { error: true, ...data }, title };
}

/** A refusal listing every argument problem, so the model fixes its call in one go. */
export function rejectArguments(
  tool: string,
  issues: readonly PlanIssue[],
  rawArguments: unknown,
  localeId: LocaleId = 'en',
): ToolResult {
  const locale = getLocale(localeId);
  const texts = rejectionTexts(locale);
  const lines = issues.map((issue) => `- ${describeIssue(issue, rawArguments, locale, texts)}`);
  return {
    ok: false,
    text: texts.notRun(tool, lines.join('\n')),
    data: { error: true, issues },
    title: texts.rejectedTitle(tool),
  };
}

function describeIssue(
  issue: PlanIssue,
  rawArguments: unknown,
  locale: ReturnType<typeof getLocale>,
  texts: ReturnType<typeof rejectionTexts>,
): string {
  const where = formatPath(issue.path);
  switch (issue.code) {
    case 'missing':
      return texts.missing(where, issue.expected);
    case 'null':
      return texts.null(where, issue.expected);
    case 'wrong_type':
      return texts.wrongType(where, issue.expected, issue.received);
    case 'unknown_field':
      return texts.unknownField(issue.field, issue.allowed);
    case 'too_long':
      return texts.tooLong(where, issue.length, issue.maximum);
    case 'blank':
      // Strings here have a minimum length of 1 and numbers a minimum of 1; zod reports
      // both as "too small", so the value tells which one this is.
      return typeof valueAt(rawArguments, issue.path) === 'number'
        ? texts.tooSmallNumber(where)
        : texts.emptyText(where);
    case 'invalid_json':
    case 'trailing_data':
    case 'not_object':
    case 'request_too_large':
    case 'too_deep':
    case 'too_many_entries':
    case 'out_of_range':
      // Argument-level problems read the same for every tool.
      return locale.issue(issue, where);
    default:
      return texts.invalid(where);
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
