/**
 * `list_files`: what is in a workspace folder, as paths the other file tools accept.
 */
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { LocaleId, ToolDefinition } from 'plankeeper';
import { toJsonSchema, validateInput } from 'plankeeper/tools';
import { z } from 'zod';
import { refuse, rejectArguments } from '../rejection.js';
import { type LocalizedText, localized } from '../tool-text.js';
import { fileErrorResult } from './file-error.js';
import type { Workspace } from './workspace.js';

const NAME = 'list_files';

const DESCRIPTION: LocalizedText = {
  en: 'List the files and folders in a workspace folder (default: the workspace root). Folders end with "/". Set recursive to true to include everything below it. Paths in the output are relative to the workspace root and can be passed to the other file tools.',
  zh: '列出工作区中某个文件夹（默认为工作区根目录）里的文件和子文件夹，文件夹以 "/" 结尾。recursive 设为 true 时包含其下所有内容。输出中的路径相对于工作区根目录，可直接用于其他文件工具。',
};

/** Entries listed by one call; a whole repository would drown the model. */
const MAX_ENTRIES = 1000;
/** Listed but never walked into when recursive: large, generated, rarely what is wanted. */
const NOT_EXPANDED = new Set(['.git', 'node_modules']);

export function listFilesTool(workspace: Workspace, locale?: LocaleId): ToolDefinition {
  const schema = z.strictObject({
    path: z.string().optional(),
    recursive: z.boolean().optional(),
  });
  return {
    name: NAME,
    description: localized(DESCRIPTION, locale),
    inputSchema: toJsonSchema(schema),
    async execute(args) {
      const input = validateInput(schema, args);
      if (!input.ok) return rejectArguments(NAME, input.issues, args);
      const requested = input.value.path?.trim() || '.';
      const target = await workspace.resolve(requested);
      if (!target.ok) return refuse(NAME, target.text);
      const path = JSON.stringify(target.display);
      try {
        if (!(await stat(target.absolute)).isDirectory()) {
          return refuse(NAME, `${path} is a file, not a folder. Call read_file to read it.`);
        }
        const entries: string[] = [];
        let truncated = false;
        const walk = async (directory: string): Promise<void> => {
          const children: Dirent[] = await readdir(directory, { withFileTypes: true });
          children.sort((left, right) => compare(left.name, right.name));
          for (const child of children) {
            if (entries.length >= MAX_ENTRIES) {
              truncated = true;
              return;
            }
            const absolute = join(directory, child.name);
            const shown = workspace.display(absolute);
            if (child.isDirectory()) {
              const expand = input.value.recursive === true && !NOT_EXPANDED.has(child.name);
              entries.push(`${shown}/${input.value.recursive && !expand ? ' (not expanded)' : ''}`);
              if (expand) await walk(absolute);
            } else if (child.isSymbolicLink()) {
              // Links are shown but never followed: their targets may lie outside.
              entries.push(`${shown} (symbolic link)`);
            } else entries.push(shown);
          }
        };
        await walk(target.absolute);
        const heading = `Contents of ${path}${input.value.recursive ? ' (recursive)' : ''}:`;
        const body = entries.length === 0 ? '(empty folder)' : entries.join('\n');
        const footer = truncated
          ? `\n(Stopped after ${MAX_ENTRIES} entries; list a subfolder to see more.)`
          : '';
        return {
          ok: true,
          text: `${heading}\n${body}${footer}`,
          data: { path: target.display, entries, truncated },
          title: `${NAME}: ${target.display}`,
        };
      } catch (error) {
        return fileErrorResult(NAME, target.display, error);
      }
    },
  };
}

function compare(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
