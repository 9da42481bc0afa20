/**
 * Plain-text rendering of a plan, for the model and for terminals without colour:
 *
 *   ### Current todo list (1/3 completed)
 *   - [x] #1 Look up the return policy
 *   - [>] #2 Draft the answer with sources
 *   - [ ] #3 Send the answer
 *
 * Item text is untrusted (the model wrote it), so anything that could break the
 * one-line-per-item structure is shown quoted and escaped.
 */
import { type PlanProgress, progressOf, type TodoItem, type TodoStatus } from './todo-item.js';

export const STATUS_MARKERS: Record<TodoStatus, string> = {
  pending: '[ ]',
  in_progress: '[>]',
  completed: '[x]',
  cancelled: '[-]',
};

/** The words of a rendered plan; every locale has them as its `plan` texts. */
export interface PlanTexts {
  heading: string;
  empty: string;
  /** Appended to the heading, with its own leading separator. */
  progress(progress: PlanProgress): string;
}

export interface RenderOptions {
  /** The language of the heading (a `Locale` from `getLocale`, or anything with its `plan` texts). */
  locale: { plan: PlanTexts };
  /** Include the heading line with progress. Default true. */
  heading?: boolean;
  /** Include completion notes (for people; the model does not need them each turn). */
  notes?: boolean;
}

// Line breaks of every kind and other control characters.
const UNSAFE = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/;
const QUOTE = 34;

/**
 * `text` unchanged when it is one harmless line; otherwise a JSON-quoted, escaped string.
 * A leading quote also gets quoted, or the text would look like a quoted one.
 */
export function quoteText(text: string): string {
  if (text.charCodeAt(0) !== QUOTE && !UNSAFE.test(text)) return text;
  return JSON.stringify(text).replace(
    /[\u007f\u0085\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function renderItem(item: TodoItem, options: { notes?: boolean } = {}): string {
  let line = `- ${STATUS_MARKERS[item.status]} #${item.id} ${quoteText(item.content)}`;
  if (item.description) line += ` — ${quoteText(item.description)}`;
  if (options.notes && item.note) line += ` (${quoteText(item.note)})`;
  return line;
}

export function renderPlan(items: readonly TodoItem[], options: RenderOptions): string {
  const { locale } = options;
  const lines: string[] = [];
  if (options.heading !== false) {
    lines.push(
      items.length === 0
        ? locale.plan.heading
        : `${locale.plan.heading}${locale.plan.progress(progressOf(items))}`,
    );
  }
  if (items.length === 0) lines.push(locale.plan.empty);
  for (const item of items) lines.push(renderItem(item, options));
  return lines.join('\n');
}
