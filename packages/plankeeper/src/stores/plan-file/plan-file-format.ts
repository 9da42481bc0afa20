/**
 * The Markdown a plan file holds: one task-list line per item, in a form GitHub shows as a
 * checklist, with optional indented lines for the rest of the item:
 *
 *     # Plan
 *
 *     - [x] #1 Write the migration
 *       - note: ran it on a copy of production
 *     - [>] #2 Backfill the new column
 *       - after #1
 *       - owner: claude-code-7f3a
 *       - Batches of 10k rows, so the table stays writable.
 *     - [ ] Add a line with no id; the next write gives it one
 *
 * `[ ]` pending, `[>]` in progress, `[x]` completed, `[-]` cancelled. Every other line
 * (headings, prose, blank lines, an unknown marker such as `- [?]`) is kept byte for byte
 * where it stands: a line between two items stays before the item after it, lines before
 * the first item stay at the top and lines after the last one at the bottom.
 */
import type { TodoItem, TodoStatus } from '../../engine/todo-item.js';
import { oneLine, readableLine, textLines } from './line-breaks.js';

/** An item as a person wrote it; `id` is absent for a line without `#N`. */
export interface PlanFileItem {
  id?: string;
  status: TodoStatus;
  content: string;
  description?: string;
  note?: string;
  owner?: string;
  blockedBy?: string[];
  /** 1-based line of its checkbox. */
  line: number;
}

/** A line the parser did not read as part of an item, kept as it is. */
export interface PlanFileText {
  line: number;
  text: string;
}

export type PlanFileBlock =
  | { kind: 'text'; text: PlanFileText }
  | {
      kind: 'item';
      item: PlanFileItem;
      lines: string[];
      /** Set when the item got another id than its line shows: its lines are written anew. */
      renumbered?: boolean;
    };

export interface ParsedPlanFile {
  blocks: PlanFileBlock[];
  eol: '\n' | '\r\n';
  bom: boolean;
  finalNewline: boolean;
}

/** What a new file starts with. */
export const NEW_FILE_HEADER = ['# Plan', ''];

const MARKS: Record<string, TodoStatus> = {
  ' ': 'pending',
  '>': 'in_progress',
  x: 'completed',
  X: 'completed',
  '-': 'cancelled',
};

const MARK_OF: Record<TodoStatus, string> = {
  pending: ' ',
  in_progress: '>',
  completed: 'x',
  cancelled: '-',
};

const ITEM_LINE = /^[-*+] \[(.)\] (.*)$/;
const ID_PREFIX = /^#(\d{1,9})(?:\s+|$)/;
const SUB_LINE = /^[ \t]+[-*+] (.*)$/;
const AFTER = /^after\s+(#\d{1,9}(?:\s*,\s*#\d{1,9})*)\s*$/i;
const FIELD = /^(note|owner):\s*(.*)$/i;
/** A description line that would read as a field, or a checkbox, is written behind a backslash. */
const NEEDS_ESCAPE = /^(?:after\s+#\d|note:|owner:|\[.\] |\\)/i;

export function parsePlanFile(text: string): ParsedPlanFile {
  const bom = text.startsWith('\uFEFF');
  const body = bom ? text.slice(1) : text;
  const eol = majorityEol(body);
  const finalNewline = body.endsWith('\n');
  const rawLines = body.split('\n');
  if (finalNewline) rawLines.pop();
  const blocks: PlanFileBlock[] = [];
  let current: Extract<PlanFileBlock, { kind: 'item' }> | undefined;
  rawLines.forEach((raw, index) => {
    const line = readableLine(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
    const number = index + 1;
    const item = readItemLine(line, number);
    if (item) {
      current = { kind: 'item', item, lines: [raw] };
      blocks.push(current);
      return;
    }
    const sub = current && SUB_LINE.exec(line);
    if (current && sub && readSubLine(current.item, sub[1]!.trim())) {
      current.lines.push(raw);
      return;
    }
    current = undefined;
    blocks.push({ kind: 'text', text: { line: number, text: raw } });
  });
  return { blocks, eol, bom, finalNewline };
}

/** The line end most lines have: one CRLF line pasted into an LF file does not make it CRLF. */
function majorityEol(body: string): '\n' | '\r\n' {
  const lines = body.split('\n').length - 1;
  const crlf = body.split('\r\n').length - 1;
  return crlf * 2 > lines ? '\r\n' : '\n';
}

function readItemLine(line: string, number: number): PlanFileItem | undefined {
  const match = ITEM_LINE.exec(line);
  const status = match && MARKS[match[1]!];
  if (!match || !status) return undefined;
  let rest = match[2]!.trim();
  const id = ID_PREFIX.exec(rest);
  if (id) rest = rest.slice(id[0].length).trim();
  if (rest === '' || rest.includes('\u0000')) return undefined;
  return { ...(id && { id: String(Number(id[1])) }), status, content: rest, line: number };
}

/** Adds one indented line to `item`; false for a line that belongs to no item (a sub-task). */
function readSubLine(item: PlanFileItem, text: string): boolean {
  if (text === '' || /^\[.\] /.test(text) || text.includes('\u0000')) return false;
  const after = AFTER.exec(text);
  if (after) {
    const ids = after[1]!.split(',').map((id) => String(Number(id.trim().slice(1))));
    item.blockedBy = [...new Set([...(item.blockedBy ?? []), ...ids])];
    return true;
  }
  const field = FIELD.exec(text);
  if (field && field[2]!.trim() !== '') {
    const name = field[1]!.toLowerCase() as 'note' | 'owner';
    const value = field[2]!.trim();
    item[name] = item[name] === undefined ? value : `${item[name]}\n${value}`;
    return true;
  }
  const line = text.startsWith('\\') ? text.slice(1) : text;
  item.description = item.description === undefined ? line : `${item.description}\n${line}`;
  return true;
}

/** `parsed` with its item lines given `ids` (in file order), as a plan file store resolved them. */
export function withIds(parsed: ParsedPlanFile, ids: readonly string[]): ParsedPlanFile {
  let index = 0;
  const blocks = parsed.blocks.map((block) => {
    if (block.kind !== 'item') return block;
    const id = ids[index++];
    if (id === undefined || id === block.item.id) return block;
    return { ...block, item: { ...block.item, id }, renumbered: true };
  });
  return { ...parsed, blocks };
}

/** The lines of one item as this module writes it (without line ends). */
export function renderItem(item: TodoItem): string[] {
  const lines = [`- [${MARK_OF[item.status]}] #${item.id} ${oneLine(item.content)}`];
  if (item.blockedBy?.length)
    lines.push(`  - after ${item.blockedBy.map((id) => `#${id}`).join(', ')}`);
  if (item.owner !== undefined) lines.push(`  - owner: ${oneLine(item.owner)}`);
  for (const text of textLines(item.note)) lines.push(`  - note: ${text}`);
  for (const text of textLines(item.description))
    lines.push(`  - ${NEEDS_ESCAPE.test(text) ? `\\${text}` : text}`);
  return lines;
}

/** An item as it reads back from the lines {@link renderItem} writes, for comparing with a file's. */
export function asWritten(item: TodoItem): PlanFileItem {
  const parsed = parsePlanFile(renderItem(item).join('\n')).blocks[0];
  if (parsed?.kind !== 'item') throw new Error(`item #${item.id} does not read back`);
  return parsed.item;
}

/** True when a file's item says what `item` says, in every field the file holds. */
export function sameAsWritten(written: PlanFileItem, item: TodoItem): boolean {
  const mine = asWritten(item);
  return (
    written.id === mine.id &&
    written.status === mine.status &&
    written.content === mine.content &&
    written.description === mine.description &&
    written.note === mine.note &&
    written.owner === mine.owner &&
    (written.blockedBy ?? []).join(',') === (mine.blockedBy ?? []).join(',')
  );
}

/**
 * The file for `items`, with every line of `previous` the parser did not read kept where it
 * stood, and the lines of an item that says the same as before kept as the person wrote them.
 */
export function renderPlanFile(items: readonly TodoItem[], previous?: ParsedPlanFile): string {
  const base = previous ?? parsePlanFile(`${NEW_FILE_HEADER.join('\n')}\n`);
  const lead: string[] = [];
  const tail: string[] = [];
  /** Lines that stood before an item, by its id. */
  const before = new Map<string, string[]>();
  /** Indented lines right under an item (a sub-task it does not read): they stay under it. */
  const under = new Map<string, string[]>();
  const written = new Map<string, Extract<PlanFileBlock, { kind: 'item' }>>();
  const wanted = new Set(items.map((item) => item.id));
  let pending: string[] = [];
  let seenItem = false;
  let above: string[] | undefined;
  for (const block of base.blocks) {
    if (block.kind === 'text') {
      if (above && /^[ \t]+\S/.test(block.text.text)) above.push(block.text.text);
      else {
        above = undefined;
        (seenItem ? pending : lead).push(block.text.text);
      }
      continue;
    }
    seenItem = true;
    const id = block.item.id;
    above = [];
    // The lines before an item that is gone go with the next item that is not.
    if (id === undefined || !wanted.has(id) || before.has(id)) {
      pending.push(...above);
      continue;
    }
    before.set(id, pending);
    under.set(id, above);
    pending = [];
    if (!written.has(id)) written.set(id, block);
  }
  tail.push(...pending);
  const eol = base.eol;
  const lines: string[] = [...lead];
  for (const item of items) {
    lines.push(...(before.get(item.id) ?? []));
    const old = written.get(item.id);
    if (old && !old.renumbered && sameAsWritten(old.item, item))
      lines.push(...old.lines.map(withoutCr));
    else lines.push(...renderItem(item));
    lines.push(...(under.get(item.id) ?? []));
  }
  lines.push(...tail);
  const text =
    lines.map(withoutCr).join(eol) + (base.finalNewline || lines.length === 0 ? eol : '');
  return (base.bom ? '\uFEFF' : '') + (lines.length === 0 ? '' : text);
}

function withoutCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/**
 * The lines to name to the model: every line that is not blank and not read as an item,
 * except a level-one heading on the first line (the file's title).
 */
export function unreadLines(parsed: ParsedPlanFile): PlanFileText[] {
  return parsed.blocks.flatMap((block) => {
    if (block.kind !== 'text') return [];
    const text = withoutCr(block.text.text);
    if (text.trim() === '') return [];
    if (block.text.line === 1 && /^# \S/.test(text)) return [];
    return [{ line: block.text.line, text: text.replaceAll('\u0000', '\uFFFD') }];
  });
}
