/**
 * Every kind of result and refusal the built-in tools give the model, per language, in
 * one readable file per language. A change to any of it shows up as a snapshot diff.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolDefinition } from 'plankeeper';
import { afterAll, describe, expect, it } from 'vitest';
import {
  knowledgeBaseDir,
  knowledgeSearchTool,
  shellTool,
  workspaceTools,
} from '../../src/builtin-tools/index.js';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const calls: [tool: string, label: string, args: unknown][] = [
  ['knowledge_search', 'found', 'QUERY'],
  ['knowledge_search', 'nothing found', { query: 'zzzz qqqq' }],
  ['knowledge_search', 'bad arguments', { query: 3, limit: 0, extra: true }],
  ['knowledge_search', 'a fraction and a null', { query: null, limit: 1.5 }],
  ['list_files', 'root', {}],
  ['list_files', 'recursive', { recursive: true }],
  ['list_files', 'a file', { path: 'notes.md' }],
  ['list_files', 'empty folder', { path: 'empty' }],
  ['read_file', 'a file', { path: 'notes.md' }],
  ['read_file', 'a window', { path: 'notes.md', offset: 2, limit: 1 }],
  ['read_file', 'past the end', { path: 'notes.md', offset: 9 }],
  ['read_file', 'empty file', { path: 'blank.txt' }],
  ['read_file', 'a folder', { path: 'empty' }],
  ['read_file', 'binary', { path: 'image.bin' }],
  ['read_file', 'missing', { path: 'nope.md' }],
  ['read_file', 'outside', { path: '../secret' }],
  ['read_file', 'missing path', {}],
  ['write_file', 'create', { path: 'new/todo.md', content: 'a\nb\n' }],
  ['write_file', 'overwrite', { path: 'new/todo.md', content: 'c\n' }],
  ['write_file', 'a folder', { path: 'empty', content: 'x' }],
  ['edit_file', 'edit', { path: 'notes.md', old_text: 'two', new_text: 'TWO' }],
  ['edit_file', 'ambiguous', { path: 'notes.md', old_text: 'line', new_text: 'row' }],
  ['edit_file', 'not found', { path: 'notes.md', old_text: 'absent', new_text: 'x' }],
  ['edit_file', 'indentation', { path: 'notes.md', old_text: '  line one', new_text: 'x' }],
  ['edit_file', 'identical', { path: 'notes.md', old_text: 'x', new_text: 'x' }],
  ['run_shell', 'exit 0', { command: 'echo hi' }],
  ['run_shell', 'exit 3', { command: 'echo oops >&2; exit 3' }],
  ['run_shell', 'not allowed', { command: 'rm -rf x' }],
];

async function tools(locale: 'en' | 'zh'): Promise<Map<string, ToolDefinition>> {
  const folder = await mkdtemp(join(tmpdir(), 'plankeeper-results-'));
  folders.push(folder);
  await mkdir(join(folder, 'empty'));
  await writeFile(join(folder, 'notes.md'), 'line one\nline two\n');
  await writeFile(join(folder, 'blank.txt'), '');
  await writeFile(join(folder, 'image.bin'), Buffer.from([0x89, 0, 1, 2]));
  const all = [
    knowledgeSearchTool({ root: knowledgeBaseDir(locale), locale }),
    ...workspaceTools({ root: folder, locale }),
    shellTool({ cwd: folder, locale, allow: (command) => !command.startsWith('rm ') }),
  ];
  return new Map(all.map((tool) => [tool.name, tool]));
}

describe.each(['en', 'zh'] as const)(
  'what the model reads back from the built-in tools (%s)',
  (locale) => {
    it('matches the reviewed text', async () => {
      const byName = await tools(locale);
      const sections = [`# Built-in tool results (${locale})`];
      // The bundled knowledge base is in the tool's language; so is a question that finds it.
      const query =
        locale === 'zh'
          ? { query: '耳机拆封后能退货吗', limit: 1 }
          : { query: 'return opened headphones', limit: 1 };
      for (const [name, label, args] of calls) {
        const result = await byName.get(name)!.execute(args === 'QUERY' ? query : args, {});
        sections.push(
          `## ${name} (${label}), ok=${result.ok}`,
          `Title: ${result.title}`,
          result.text,
        );
      }
      await expect(`${sections.join('\n\n')}\n`).toMatchFileSnapshot(
        `__snapshots__/results.${locale}.md`,
      );
    });
  },
);
