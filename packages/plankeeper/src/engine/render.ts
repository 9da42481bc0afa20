/**
 * Plain-text rendering of a plan, for the model and for terminals without colour:
 *
 *   ### Current todo list (1/3 completed)
 *   - [x] #1 Look up the return policy
 *   - [>] #2 Draft the answer with sources
 *   - [ ] #3 Send the answer
 *
 * In a shared list an item in progress also names its owner: `- [>] #2 Draft … [sess-b]`.
 *
 * Item text is untrusted (the model wrote it), so anything that could break the
 * one-line-per-item structure is shown quoted and escaped.
 */
import {
  isOpen,
  type PlanProgress,
  progressOf,
  type TodoItem,
  type TodoStatus,
} from './todo-item.js';

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
  /** Appended to an item that waits for others (` (after #1, #2)`), with its own separator. */
  after(ids: readonly string[]): string;
  /** Appended instead of `after` where blocked items are marked: the blockers still open. */
  blocked(open: readonly string[]): string;
}

export interface RenderOptions {
  /** The language of the heading (a `Locale` from `getLocale`, or anything with its `plan` texts). */
  locale: { plan: PlanTexts };
  /** Include the heading line with progress. Default true. */
  heading?: boolean;
  /** Include completion notes (for people; the model does not need them each turn). */
  notes?: boolean;
  /** Mark items whose blockers are still open with the `blocked` text. Default false. */
  markBlocked?: boolean;
  /** Text a host appends to an item's line, such as a sub-agent's progress; not quoted. */
  suffix?: (item: TodoItem) => string | undefined;
}

/**
 * Characters that must not reach a model or a terminal as they are: line breaks of every
 * kind, C0 and C1 controls (U+0000 included, whatever a store allows), bidi controls that
 * reorder what follows (U+202E shows "txt.exe" as "exe.txt"), and zero-width characters
 * that hide text or make two different contents look alike. A zero-width joiner inside
 * an emoji sequence (👩‍💻) is left alone: there it is part of one visible character.
 */
const UNSAFE =
  /[\p{Cc}\u0085\u2028\u2029\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad]|(?<!\p{Extended_Pictographic}[\ufe0f\u{1f3fb}-\u{1f3ff}]?)\u200d|\u200d(?!\p{Extended_Pictographic})/u;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'gu');
const QUOTE = 34;

/**
 * `text` with every unsafe character (see above) except those in `keep` shown as a
 * `\u202e`-style escape, for output that is not quoted, such as log lines.
 */
export function escapeUnsafeChars(text: string, keep = ''): string {
  return text.replace(UNSAFE_ALL, (char) =>
    keep.includes(char) ? char : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * `text` unchanged when it is one harmless line; otherwise a JSON-quoted string with every
 * unsafe character escaped visibly (`\u202e`). A leading quote also gets quoted, or the
 * text would look like a quoted one.
 */
export function quoteText(text: string): string {
  if (text.charCodeAt(0) !== QUOTE && !UNSAFE.test(text)) return text;
  return quotedText(text);
}

/** `text` always JSON-quoted with every unsafe character escaped: stored text marked as quoted. */
export function quotedText(text: string): string {
  // JSON.stringify escapes C0 controls, quotes and backslashes; the rest is ours.
  return escapeUnsafeChars(JSON.stringify(text));
}

export function renderItem(
  item: TodoItem,
  options: {
    notes?: boolean;
    /** The words for dependencies; without them, English. */
    texts?: Pick<PlanTexts, 'after' | 'blocked'>;
    /** The item's blockers that are still open, to mark it blocked. */
    open?: readonly string[];
    /** Text a host appends to the line, such as a sub-agent's progress; not quoted. */
    suffix?: RenderOptions['suffix'];
  } = {},
): string {
  let line = `- ${STATUS_MARKERS[item.status]} #${item.id} ${quoteText(item.content)}`;
  // In a shared list: who is on it; who finished it only for people (with the notes).
  if (item.owner !== undefined && (item.status === 'in_progress' || options.notes)) {
    line += ` [${quoteText(item.owner)}]`;
  }
  if (item.description) line += ` — ${quoteText(item.description)}`;
  if (item.blockedBy?.length) {
    const texts = options.texts ?? ENGLISH_AFTER;
    line += options.open?.length ? texts.blocked(options.open) : texts.after(item.blockedBy);
  }
  if (options.notes && item.note) line += ` (${quoteText(item.note)})`;
  const suffix = options.suffix?.(item);
  if (suffix) line += suffix;
  return line;
}

const hashIds = (ids: readonly string[]) => ids.map((id) => `#${id}`).join(', ');

const ENGLISH_AFTER: Pick<PlanTexts, 'after' | 'blocked'> = {
  after: (ids) => ` (after ${hashIds(ids)})`,
  blocked: (open) => ` (blocked: waits for ${hashIds(open)})`,
};

/** For each item, the ids of its blockers that are still open (pending or in progress). */
export function openBlockersOf(items: readonly TodoItem[]): Map<string, string[]> {
  const byId = new Map(items.map((item) => [item.id, item]));
  const open = new Map<string, string[]>();
  for (const item of items) {
    const waiting = (item.blockedBy ?? []).filter((id) => {
      const blocker = byId.get(id);
      return blocker !== undefined && isOpen(blocker);
    });
    if (waiting.length > 0) open.set(item.id, waiting);
  }
  return open;
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
  const open = options.markBlocked ? openBlockersOf(items) : undefined;
  // One options object for every item: this runs for every plan shown to the model.
  const itemOptions = {
    notes: options.notes === true,
    texts: locale.plan,
    ...(options.suffix && { suffix: options.suffix }),
  };
  for (const item of items) {
    const waiting = open?.get(item.id);
    lines.push(renderItem(item, waiting ? { ...itemOptions, open: waiting } : itemOptions));
  }
  return lines.join('\n');
}
