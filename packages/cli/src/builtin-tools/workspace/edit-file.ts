/**
 * `edit_file`: replaces an exact piece of a file. Exact matching keeps edits
 * predictable; when the text is missing or appears more than once the model is told so,
 * with counts and lines, and nothing is written.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import type { LocaleId, ToolDefinition } from 'plankeeper';
import { z } from 'zod';
import { refuse } from '../rejection.js';
import { localized } from '../tool-text.js';
import { EDIT_FILE_TEXTS } from './edit-file-texts.js';
import { looksBinary } from './file-error.js';
import type { Workspace } from './workspace.js';
import { workspaceTool } from './workspace-tool.js';

const NAME = 'edit_file';

/** Lines listed when old_text is ambiguous; more would not help choose. */
const MAX_LISTED_LINES = 10;

export function editFileTool(workspace: Workspace, locale?: LocaleId): ToolDefinition {
  const texts = localized(EDIT_FILE_TEXTS, locale);
  const schema = z.strictObject({
    path: z.string().min(1),
    old_text: z.string().min(1),
    new_text: z.string(),
    replace_all: z.boolean().optional(),
  });
  return workspaceTool({
    name: NAME,
    description: texts.description,
    schema,
    workspace,
    locale,
    path: (input) => input.path,
    check: (input) =>
      input.old_text === input.new_text ? refuse(NAME, locale, texts.identical) : undefined,
    async run(target, input) {
      const { old_text: oldText, new_text: newText, replace_all: replaceAll } = input;
      const path = JSON.stringify(target.display);
      if ((await stat(target.absolute)).isDirectory()) {
        return refuse(NAME, locale, texts.isFolder(path));
      }
      const bytes = await readFile(target.absolute);
      if (looksBinary(bytes)) return refuse(NAME, locale, texts.binary(path));
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
        return refuse(NAME, locale, notFound(path, content, oldText, texts), { matches: 0 });
      }
      const lines = starts.map((start) => lineOf(content, start));
      if (starts.length > 1 && !replaceAll) {
        const listed = lines.slice(0, MAX_LISTED_LINES);
        const more = lines.length > MAX_LISTED_LINES;
        return refuse(NAME, locale, texts.ambiguous(starts.length, path, listed, more), {
          matches: starts.length,
          lines,
        });
      }
      const updated = content.split(find).join(replacement);
      await writeFile(target.absolute, updated, 'utf8');
      const count = starts.length;
      return {
        ok: true,
        text: texts.edited(path, count, lines),
        data: { path: target.display, replacements: count, lines },
        title: `${NAME}: ${target.display}`,
      };
    },
  });
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
function notFound(
  path: string,
  content: string,
  oldText: string,
  texts: (typeof EDIT_FILE_TEXTS)['en'],
): string {
  const wanted = oldText.split(/\r?\n/).map((line) => line.trim());
  const lines = content.split(/\r?\n/).map((line) => line.trim());
  if (wanted.every((line) => line === '')) return texts.notFound(path, texts.copyExactly);
  for (let start = 0; start + wanted.length <= lines.length; start++) {
    if (wanted.every((line, offset) => lines[start + offset] === line)) {
      const end = start + wanted.length;
      return texts.notFound(path, texts.matchesTrimmed(start + 1, end));
    }
  }
  return texts.notFound(path, texts.copyExactly);
}
