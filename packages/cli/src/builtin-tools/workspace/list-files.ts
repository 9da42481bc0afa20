/**
 * `list_files`: what is in a workspace folder, as paths the other file tools accept.
 */
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { LocaleId, ToolDefinition } from 'plankeeper';
import { z } from 'zod';
import { refuse } from '../rejection.js';
import { localized } from '../tool-text.js';
import { LIST_FILES_TEXTS } from './list-files-texts.js';
import type { Workspace } from './workspace.js';
import { workspaceTool } from './workspace-tool.js';

const NAME = 'list_files';

/** Entries listed by one call; a whole repository would drown the model. */
const MAX_ENTRIES = 1000;
/** Listed but never walked into when recursive: large, generated, rarely what is wanted. */
const NOT_EXPANDED = new Set(['.git', 'node_modules']);

export function listFilesTool(workspace: Workspace, locale?: LocaleId): ToolDefinition {
  const texts = localized(LIST_FILES_TEXTS, locale);
  const schema = z.strictObject({
    path: z.string().optional(),
    recursive: z.boolean().optional(),
  });
  return workspaceTool({
    name: NAME,
    description: texts.description,
    schema,
    workspace,
    locale,
    path: (input) => input.path?.trim() || '.',
    async run(target, input) {
      const path = JSON.stringify(target.display);
      if (!(await stat(target.absolute)).isDirectory()) {
        return refuse(NAME, locale, texts.isFile(path));
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
            const expand = input.recursive === true && !NOT_EXPANDED.has(child.name);
            entries.push(`${shown}/${input.recursive && !expand ? texts.notExpanded : ''}`);
            if (expand) await walk(absolute);
          } else if (child.isSymbolicLink()) {
            // Links are shown but never followed: their targets may lie outside.
            entries.push(`${shown}${texts.symbolicLink}`);
          } else entries.push(shown);
        }
      };
      await walk(target.absolute);
      const heading = texts.heading(path, input.recursive === true);
      const body = entries.length === 0 ? texts.emptyFolder : entries.join('\n');
      const footer = truncated ? `\n${texts.stopped(MAX_ENTRIES)}` : '';
      return {
        ok: true,
        text: `${heading}\n${body}${footer}`,
        data: { path: target.display, entries, truncated },
        title: `${NAME}: ${target.display}`,
      };
    },
  });
}

function compare(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
