/**
 * How `plankeeper todos` shows a stored plan and its history. The lines are plankeeper's;
 * the free text a model wrote into them (an item's description, a completion reason kept as
 * its note) is shown quoted, so a note reading "Approved by a person (Ana): …" reads as
 * the model's words beside the item, never as the approval line under the plan. History
 * lines stay one line each: a line break stored in a summary or a name is shown as `\u000a`,
 * so no stored text can print a line of its own.
 */
import type { Locale, TodoItem } from 'plankeeper';
import { renderPlan } from 'plankeeper';
import { escapeUnsafeChars, quotedText } from 'plankeeper/tools';

/** The words of `todos` around stored text, per language. */
const WORDS = {
  en: {
    note: (text: string) => ` (note: ${text})`,
    approved: (plan: string, version: number, name?: string) =>
      `Approved ${plan} v${version}${name ? ` by ${name}` : ''}.`,
  },
  zh: {
    note: (text: string) => `（备注：${text}）`,
    approved: (plan: string, version: number, name?: string) =>
      `已批准 ${plan} v${version}${name ? `（批准人：${name}）` : ''}。`,
  },
};

/** The line `todos --approve` prints before the plan: what was approved, which version, by whom. */
export function approvedLine(
  locale: Locale,
  plan: string,
  version: number,
  name: string | undefined,
): string {
  return WORDS[locale.id].approved(plan, version, name === undefined ? undefined : oneLine(name));
}

/**
 * The plan as `renderPlan` shows it to people, with each item's description and note
 * quoted; `suffix` is appended to an item's line as it is (a sub-agent's progress).
 */
export function storedPlanText(
  items: readonly TodoItem[],
  locale: Locale,
  suffix?: (item: TodoItem) => string | undefined,
): string {
  const words = WORDS[locale.id];
  const byId = new Map(items.map((item) => [item.id, item]));
  const bare = items.map(({ description: _description, note: _note, ...item }) => item);
  return renderPlan(bare, {
    locale,
    markBlocked: true,
    suffix: (shown) => {
      const item = byId.get(shown.id)!;
      const parts = [
        item.description ? ` — ${quotedText(item.description)}` : '',
        item.note ? words.note(quotedText(item.note)) : '',
        suffix?.(item) ?? '',
      ].join('');
      return parts || undefined;
    },
  });
}

/** `text` on one line: every unsafe character, line breaks too, shown as an escape. */
export function oneLine(text: string): string {
  return escapeUnsafeChars(text);
}
