/** What the built-in tools say about bad arguments, per language. */
import type { Locale } from 'plankeeper';

const en = (locale: Locale) => {
  const type = (name: string) => locale.typeName(name);
  return {
    notRun: (tool: string, lines: string) =>
      `${tool} was not run. Fix the arguments and call it again:\n${lines}`,
    missing: (where: string, expected: string) => `${where} is missing; send ${type(expected)}.`,
    null: (where: string, expected: string) =>
      `${where} is null; send ${type(expected)}, or leave it out if it is optional.`,
    wrongType: (where: string, expected: string, received: string) =>
      `${where} must be ${type(expected)}, not ${type(received)}.`,
    unknownField: (field: string, allowed: readonly string[]) =>
      `unknown field "${field}".${allowed.length ? ` Allowed: ${allowed.join(', ')}.` : ''}`,
    tooLong: (where: string, length: number, maximum: number) =>
      `${where} has ${length} characters; the limit is ${maximum}.`,
    tooSmallNumber: (where: string) => `${where} must be at least 1.`,
    emptyText: (where: string) => `${where} is empty; send some text.`,
    invalid: (where: string) => `${where} is not valid.`,
    refusedTitle: (tool: string) => `${tool}: refused`,
    rejectedTitle: (tool: string) => `${tool}: rejected`,
  };
};

type RejectionTexts = ReturnType<typeof en>;

const zh = (locale: Locale): RejectionTexts => {
  // 西文类型名（null、可选值）前加空格，与中文隔开。
  const type = (name: string) => {
    const label = locale.typeName(name);
    return /^[\x21-\x7e]/.test(label) ? ` ${label}` : label;
  };
  return {
    notRun: (tool, lines) => `${tool} 未执行。请修正参数后重新调用：\n${lines}`,
    missing: (where, expected) => `缺少 ${where}，应为${type(expected)}。`,
    null: (where, expected) => `${where} 为 null，应为${type(expected)}；可选字段可以不填。`,
    wrongType: (where, expected, received) =>
      `${where} 应为${type(expected)}，而不是${type(received)}。`,
    unknownField: (field, allowed) =>
      `未知字段 "${field}"。${allowed.length ? `可用字段：${allowed.join(', ')}。` : ''}`,
    tooLong: (where, length, maximum) => `${where} 有 ${length} 个字符，上限 ${maximum}。`,
    tooSmallNumber: (where) => `${where} 至少为 1。`,
    emptyText: (where) => `${where} 为空，请填写内容。`,
    invalid: (where) => `${where} 无效。`,
    refusedTitle: (tool) => `${tool}: 未执行`,
    rejectedTitle: (tool) => `${tool}: 参数有误`,
  };
};

export function rejectionTexts(locale: Locale): RejectionTexts {
  return locale.id === 'zh' ? zh(locale) : en(locale);
}
