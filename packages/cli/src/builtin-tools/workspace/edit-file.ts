/**
 * `edit_file`: replaces an exact piece of a file. Exact matching keeps edits
 * predictable; when the text is missing or appears more than once the model is told so,
 * with counts and lines, and nothing is written.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import type { LocaleId, ToolDefinition } from 'plankeeper';
import { toJsonSchema, validateInput } from 'plankeeper/tools';
import { z } from 'zod';
import { refuse, rejectArguments } from '../rejection.js';
import { type LocalizedText, localized } from '../tool-text.js';
import { fileErrorResult, looksBinary } from './file-error.js';
import type { Workspace } from './workspace.js';

const NAME = 'edit_file';

const DESCRIPTION: LocalizedText = {
  en: 'Replace exact text in a workspace file. old_text must match the file exactly, including whitespace and indentation, and without the line numbers read_file shows; it must occur exactly once unless replace_all is true. Include enough surrounding lines to make it unique. Read the file first.',
  zh: '替换工作区文件中的一段精确文本。old_text 必须与文件内容完全一致（包括空白和缩进），且不含 read_file 显示的行号；除非 replace_all 为 true，它必须在文件中恰好出现一次。请带上足够的上下文行使其唯一。修改前先读取文件。',
};

/** Lines listed when old_text is ambiguous; more would not help choose. */
const MAX_LISTED_LINES = 10;

export function editFileTool(workspace: Workspace, locale?: LocaleId): ToolDefinition {
  const schema = z.strictObject({
    path: z.string().min(1),
    old_text: z.string().min(1),
    new_text: z.string(),
    replace_all: z.boolean().optional(),
  });
  return {
    name: NAME,
    description: localized(DESCRIPTION, locale),
    inputSchema: toJsonSchema(schema),
    async execute(args) {
      const input = validateInput(schema, args);
      if (!input.ok) return rejectArguments(NAME, input.issues, args);
      const { old_text: oldText, new_text: newText, replace_all: replaceAll } = input.value;
      if (oldText === newText) {
        return refuse(NAME, 'old_text and new_text are identical; there is nothing to change.');
      }
      const target = await workspace.resolve(input.value.path);
      if (!target.ok) return refuse(NAME, target.text);
      const path = JSON.stringify(target.display);
      try {
        if ((await stat(target.absolute)).isDirectory()) {
          return refuse(NAME, `${path} is a folder, not a file.`);
        }
        const bytes = await readFile(target.absolute);
        if (looksBinary(bytes)) return refuse(NAME, `${path} looks like a binary file.`);
        const content = bytes.toString('utf8');
        let find = oldText;
        let replacement = newText;
        let starts = occurrences(content, find);
        // A model copies text with \n; a Windows file has \r\n. That is the same text.
        if (starts.length === 0 && content.includes('\r\n') && !oldText.includes('\r')) {
          find = oldText.replace(/\n/g, '\r\n');
          replacement = newText.replace(/\r?\n/g, '\r\n');
          starts = occurrences(content, find);
        }
        if (starts.length === 0) {
          return refuse(NAME, notFound(path, content, oldText), { matches: 0 });
        }
        const lines = starts.map((start) => lineOf(content, start));
        if (starts.length > 1 && !replaceAll) {
          const listed = lines.slice(0, MAX_LISTED_LINES).join(', ');
          return refuse(
            NAME,
            `old_text matches ${starts.length} places in ${path} (lines ${listed}${lines.length > MAX_LISTED_LINES ? ', …' : ''}); nothing was changed. Include more surrounding text so it matches exactly one place, or set replace_all to true to change all ${starts.length}.`,
            { matches: starts.length, lines },
          );
        }
        const updated = content.split(find).join(replacement);
        await writeFile(target.absolute, updated, 'utf8');
        const count = starts.length;
        return {
          ok: true,
          text: `Edited ${path}: replaced ${count} occurrence${count === 1 ? '' : 's'} (line${count === 1 ? '' : 's'} ${lines.join(', ')}).`,
          data: { path: target.display, replacements: count, lines },
          title: `${NAME}: ${target.display}`,
        };
      } catch (error) {
        return fileErrorResult(NAME, target.display, error);
      }
    },
  };
}

/** Start index of every non-overlapping occurrence, as `split` would cut them. */
function occurrences(content: string, text: string): number[] {
  const starts: number[] = [];
  for (
    let index = content.indexOf(text);
    index !== -1;
    index = content.indexOf(text, index + text.length)
  ) {
    starts.push(index);
  }
  return starts;
}

function lineOf(content: string, index: number): number {
  let line = 1;
  for (
    let position = content.indexOf('\n');
    position !== -1 && position < index;
    position = content.indexOf('\n', position + 1)
  ) {
    line++;
  }
  return line;
}

/** The usual near miss is indentation; point at the lines if that is the only difference. */
function notFound(path: string, content: string, oldText: string): string {
  const base = `old_text was not found in ${path} (0 matches); nothing was changed.`;
  const advice =
    'Read the file again and copy the text exactly, including whitespace, without the line numbers.';
  const wanted = oldText.split(/\r?\n/).map((line) => line.trim());
  const lines = content.split(/\r?\n/).map((line) => line.trim());
  if (wanted.every((line) => line === '')) return `${base} ${advice}`;
  for (let start = 0; start + wanted.length <= lines.length; start++) {
    if (wanted.every((line, offset) => lines[start + offset] === line)) {
      const end = start + wanted.length;
      return `${base} Lines ${start + 1}-${end} match if leading and trailing spaces are ignored; copy them exactly as they are.`;
    }
  }
  return `${base} ${advice}`;
}
