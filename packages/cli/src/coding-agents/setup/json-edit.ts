/**
 * One JSON (or JSONC) config file's edit: parse, let the agent's code change a copy of the
 * value, then turn the difference into text edits on the file as it is (jsonc-parser's
 * `modify`). Only what setup adds or takes out is touched: the user's comments, number
 * spellings (`1.0`, `12345678901234567890`), escapes, key order and layout stay their bytes.
 */
import type { Edit, FormattingOptions, ParseError } from 'jsonc-parser';
import { isObject, type JsonObject, parseJsonDoc, sameJson } from './json-file.js';
import { jsonc } from './jsonc.js';
import { propertyInsertion } from './jsonc-insert.js';
import type { FileEdit, ReadText, TextEdit } from './types.js';

/**
 * `mutate` changes the parsed object in place and pushes a description of each change. A
 * file that would end up `{}` and did not exist before is not created; one left `{}` is
 * marked `empty`, and the caller deletes it only if setup created it.
 */
export function editJson(
  path: string,
  read: ReadText,
  mutate: (settings: JsonObject, changes: string[]) => void,
): FileEdit {
  const before = read(path);
  const doc = parseJsonDoc(path, before);
  const value = structuredClone(doc.value);
  const changes: string[] = [];
  mutate(value, changes);
  const empty = Object.keys(value).length === 0;
  const undo: TextEdit[][] = [];
  const after =
    changes.length === 0 ? before : editText(before, doc.value, value, doc.indent, undo);
  if (empty && before === undefined) return { path, before, after: undefined, changes: [] };
  return { path, before, after, changes, empty, ...(before !== undefined && { undo }) };
}

/** `text` (holding `from`) edited to hold `to`, touching only the parts that differ. */
export function editText(
  text: string | undefined,
  from: JsonObject,
  to: JsonObject,
  indent: string | number,
  undo: TextEdit[][] = [],
): string {
  const options: FormattingOptions = {
    insertSpaces: indent !== '\t',
    tabSize: typeof indent === 'number' && indent > 0 ? indent : 2,
    eol: text?.includes('\r\n') ? '\r\n' : '\n',
  };
  if (text === undefined || text.trim() === '') return `${JSON.stringify(to, null, 2)}\n`;
  const edits = new TextEdits(text, options, undo);
  walk(edits, [], from, to);
  if (holds(edits.current, to)) return edits.current;
  // jsonc-parser's modify can break a one-line array when it takes out its last item: then
  // each top-level setting that differs is replaced whole, and failing that the file printed
  // anew (its values still the user's; only the layout is lost).
  undo.length = 0;
  edits.current = text;
  for (const key of Object.keys(from)) if (!(key in to)) edits.apply([key], undefined);
  for (const key of Object.keys(to)) if (!sameJson(from[key], to[key])) edits.apply([key], to[key]);
  if (holds(edits.current, to)) return edits.current;
  const printed = `${JSON.stringify(to, null, indent)}${text.endsWith('\n') ? '\n' : ''}`;
  undo.length = 0;
  undo.push([{ offset: 0, length: printed.length, content: text }]);
  return printed;
}

/** A text edited one `modify` at a time, each step's way back pushed onto `undo`. */
class TextEdits {
  constructor(
    public current: string,
    private readonly options: FormattingOptions,
    private readonly undo: TextEdit[][],
  ) {}

  /** Sets the value at `path` (undefined: takes it out; `insert`: a new array item). */
  apply(path: (string | number)[], value: unknown, insert = false): void {
    const edits: Edit[] =
      (!insert && value !== undefined
        ? propertyInsertion(this.current, path, value, this.options)
        : undefined) ??
      jsonc().modify(this.current, path, value, {
        formattingOptions: this.options,
        ...(insert && { isArrayInsertion: true }),
      });
    this.undo.push(inverse(this.current, edits));
    this.current = jsonc().applyEdits(this.current, edits);
  }
}

/** The edits that turn the value `a` at `path` into `b`, as small as the two allow. */
function walk(edits: TextEdits, path: (string | number)[], a: unknown, b: unknown): void {
  if (sameJson(a, b)) return;
  if (isObject(a) && isObject(b)) {
    for (const key of Object.keys(a)) if (!(key in b)) edits.apply([...path, key], undefined);
    for (const key of Object.keys(b)) {
      if (key in a) walk(edits, [...path, key], a[key], b[key]);
      else edits.apply([...path, key], b[key]);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    // Items kept in order, some taken out, some changed in place, some added at the end:
    // edit those; anything else rewrites the array.
    const kept = keptInOrder(a, b);
    if (kept) {
      for (let index = a.length - 1; index >= 0; index--) {
        if (!kept.includes(index)) edits.apply([...path, index], undefined);
      }
      for (const [index, from] of kept.entries()) walk(edits, [...path, index], a[from], b[index]);
      for (let index = kept.length; index < b.length; index++) {
        edits.apply([...path, index], b[index], true);
      }
      return;
    }
  }
  edits.apply(path, b);
}

/** Whether `text` parses, as JSONC, to exactly `value`. */
function holds(text: string, value: JsonObject): boolean {
  const errors: ParseError[] = [];
  const parsed: unknown = jsonc().parse(text, errors, { allowTrailingComma: true });
  return errors.length === 0 && sameJson(parsed, value);
}

/** The edits that turn `applyEdits(text, edits)` back into `text`. */
function inverse(text: string, edits: readonly Edit[]): TextEdit[] {
  let shift = 0;
  return [...edits]
    .sort((a, b) => a.offset - b.offset)
    .map((edit) => {
      const back = {
        offset: edit.offset + shift,
        length: edit.content.length,
        content: text.slice(edit.offset, edit.offset + edit.length),
      };
      shift += edit.content.length - edit.length;
      return back;
    });
}

/** `text` with `steps` (from FileEdit.undo) undone, last step first. */
export function undoText(text: string, steps: readonly TextEdit[][]): string {
  return [...steps].reverse().reduce((current, step) => jsonc().applyEdits(current, step), text);
}

/**
 * When `b` is `a` with items taken out and items added at its end (each kept item found by
 * equal value, in order), the indexes in `a` of the items `b` starts with; else undefined.
 * Objects of the same hook group count as kept when their `hooks` arrays changed only.
 */
function keptInOrder(a: readonly unknown[], b: readonly unknown[]): number[] | undefined {
  const kept: number[] = [];
  let from = 0;
  for (const item of b) {
    let found = -1;
    for (let index = from; index < a.length; index++) {
      if (sameJson(a[index], item) || sameGroup(a[index], item)) {
        found = index;
        break;
      }
    }
    if (found < 0) break;
    kept.push(found);
    from = found + 1;
  }
  return kept;
}

/** Two hook groups with the same matcher (their handler lists may differ). */
function sameGroup(a: unknown, b: unknown): boolean {
  return (
    isObject(a) &&
    isObject(b) &&
    Array.isArray(a.hooks) &&
    Array.isArray(b.hooks) &&
    sameJson(a.matcher, b.matcher) &&
    Object.keys(a).length === Object.keys(b).length
  );
}
