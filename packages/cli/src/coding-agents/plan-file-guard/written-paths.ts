/**
 * What one tool call about to run would write, read from its arguments: a file tool's path, a
 * shell tool's command line (shell-writes.ts), a patch tool's files (patch-paths.ts). Tools
 * are told apart by the names the coding agents give their own: Claude Code (Edit, Write,
 * MultiEdit, NotebookEdit, Bash), Codex (Bash/shell, apply_patch), Gemini CLI (write_file,
 * replace, run_shell_command), OpenCode (edit, write, patch, bash), Copilot CLI (edit, create,
 * str_replace_editor, bash). A tool of no kind here writes nothing this can see.
 */
import type { ToolCall } from '../hook-adapter.js';
import { isPatch, patchPaths } from './patch-paths.js';
import { nothingWritten, type ShellWrites, shellWrites } from './shell-writes.js';

const FILE_TOOLS = new Set([
  'edit',
  'write',
  'multiedit',
  'notebookedit',
  'write_file',
  'replace',
  'create',
  'str_replace',
  'str_replace_editor',
  'insert',
  'edit_file',
  'multi_edit',
]);
const SHELL_TOOLS = new Set([
  'bash',
  'shell',
  'run_shell_command',
  'exec_command',
  'local_shell',
  'powershell',
]);
const PATCH_TOOLS = new Set(['apply_patch', 'patch']);

const PATH_FIELDS = ['file_path', 'filePath', 'path', 'notebook_path', 'absolute_path'];
const PATCH_FIELDS = ['patchText', 'patch', 'input', 'command'];

export function writtenPaths(call: ToolCall): ShellWrites {
  const tool = call.tool.toLowerCase();
  const { args } = call;
  if (FILE_TOOLS.has(tool)) {
    // Copilot's str_replace_editor also views a file: `command: "view"` writes nothing.
    if (args.command === 'view') return nothingWritten();
    return { ...nothingWritten(), paths: strings(PATH_FIELDS.map((field) => args[field])) };
  }
  const texts = strings(PATCH_FIELDS.map((field) => args[field]));
  if (PATCH_TOOLS.has(tool) || texts.some(isPatch)) {
    return { ...nothingWritten(), paths: texts.flatMap(patchPaths) };
  }
  if (SHELL_TOOLS.has(tool)) {
    const line = commandLine(args.command ?? args.cmd);
    return line === undefined ? nothingWritten() : shellWrites(line);
  }
  return nothingWritten();
}

/** A command as a line: Codex may send its argv (`["bash", "-lc", "…"]`). */
function commandLine(command: unknown): string | undefined {
  if (typeof command === 'string') return command;
  if (!Array.isArray(command) || !command.every((word) => typeof word === 'string')) return;
  return command.map((word) => `'${word.replaceAll("'", `'\\''`)}'`).join(' ');
}

function strings(values: readonly unknown[]): string[] {
  return values.filter((value): value is string => typeof value === 'string' && value !== '');
}
