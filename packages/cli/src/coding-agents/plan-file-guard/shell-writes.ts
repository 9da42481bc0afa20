/**
 * The files a shell command line would write, move or delete, as written in it (relative or
 * absolute): output redirections, and the file arguments of the commands that change files in
 * place (`tee`, `sed -i`, `perl -i`, `mv`, `cp`, `rm`, `ln`, `dd of=`, `truncate`, `git
 * restore`/`checkout`/`mv`/`rm`) or a folder holding them (`rm -r`, `git checkout .`), through `sh -c` and `sudo`/`env` wrappers. A command that
 * writes by other means (a script of its own) is not seen here; a wrong guess only costs a
 * refused call the model can redo with the plan tools.
 */
import { isAbsolute, posix } from 'node:path';
import { type SimpleCommand, simpleCommands } from './shell-words.js';

/** A target written into a folder: `cp x.md docs/` writes docs/x.md. */
export interface IntoFolder {
  folder: string;
  names: string[];
}

export interface ShellWrites {
  paths: string[];
  /** Copies and moves whose last argument may be a folder. */
  intoFolders: IntoFolder[];
  /** Folders whose every file a command removes or reverts (`rm -r`, `git checkout .`). */
  trees: string[];
}

export function nothingWritten(): ShellWrites {
  return { paths: [], intoFolders: [], trees: [] };
}

/** Commands that only run the rest of their words as a command. */
const WRAPPERS = new Set(['sudo', 'env', 'command', 'exec', 'nohup', 'time', 'nice', 'doas']);
/** Commands each of whose file arguments it removes or rewrites. */
const CHANGES_EACH = new Set(['rm', 'unlink', 'shred', 'truncate', 'mv']);
/** Commands that write their last argument (or into it, a folder). */
const WRITES_LAST = new Set(['cp', 'mv', 'ln', 'install', 'rsync']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh']);

export function shellWrites(line: string, depth = 0): ShellWrites {
  const found = nothingWritten();
  // `cd src && echo x > ../PLAN.md`: later relative paths start where a `cd` went.
  let folder = '.';
  const within = (path: string) => (isAbsolute(path) ? path : posix.join(folder, path));
  for (const command of simpleCommands(line)) {
    if (command.words[0] === 'cd') folder = within(command.words[1] ?? '~');
    const own: ShellWrites = { ...nothingWritten(), paths: [...command.writes] };
    commandWrites(command, own, depth);
    found.paths.push(...own.paths.map(within));
    found.trees.push(...own.trees.map(within));
    for (const into of own.intoFolders)
      found.intoFolders.push({ ...into, folder: within(into.folder) });
  }
  return found;
}

function commandWrites(command: SimpleCommand, found: ShellWrites, depth: number): void {
  const words = unwrapped(command.words);
  const name = (words[0] ?? '').split('/').pop() ?? '';
  const args = words.slice(1);
  const operands = args.filter((arg) => !arg.startsWith('-') || arg === '-');
  if (SHELLS.has(name)) {
    const flag = args.findIndex((arg) => /^-[a-z]*c[a-z]*$/.test(arg));
    const script = flag === -1 ? undefined : args[flag + 1];
    if (script !== undefined && depth < 3) {
      const inner = shellWrites(script, depth + 1);
      found.paths.push(...inner.paths);
      found.intoFolders.push(...inner.intoFolders);
      found.trees.push(...inner.trees);
    }
    return;
  }
  if (name === 'tee') found.paths.push(...operands);
  else if ((name === 'sed' || name === 'perl') && args.some(isInPlace(name))) {
    found.paths.push(...operandsAfterScripts(args));
  } else if (name === 'dd') {
    for (const arg of args) if (arg.startsWith('of=')) found.paths.push(arg.slice(3));
  } else if (name === 'git' && /^(restore|checkout|mv|rm)$/.test(args[0] ?? '')) {
    found.paths.push(...operands.slice(1));
    found.trees.push(...operands.slice(1));
  }
  if (name === 'rm' && args.some((arg) => /^-[a-zA-Z]*[rR]|^--recursive$/.test(arg))) {
    found.trees.push(...operands);
  }
  if (CHANGES_EACH.has(name)) found.paths.push(...operands);
  if (WRITES_LAST.has(name) && operands.length >= 2) {
    const last = operands[operands.length - 1]!;
    found.paths.push(last);
    const names = operands.slice(0, -1).map((source) => source.split('/').pop() ?? source);
    found.intoFolders.push({ folder: last, names });
  }
}

/** The command's own words, past `VAR=value` assignments and wrappers such as `sudo`. */
function unwrapped(words: readonly string[]): string[] {
  let index = 0;
  while (index < words.length) {
    const word = words[index]!;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word) || WRAPPERS.has(word)) index += 1;
    else if (index > 0 && WRAPPERS.has(words[index - 1]!) && word.startsWith('-')) index += 1;
    else break;
  }
  return words.slice(index);
}

function isInPlace(name: string): (arg: string) => boolean {
  return (arg) =>
    arg.startsWith('--in-place') ||
    (/^-[a-zA-Z]*i/.test(arg) && !arg.startsWith('--')) ||
    (name === 'perl' && /^-[a-zA-Z]*i/.test(arg));
}

/**
 * `sed -i SCRIPT FILE…` / `sed -i -e SCRIPT FILE…` / `perl -pi -e SCRIPT FILE…`: the operands
 * that are files. With no `-e`, sed's first operand is its script; it is kept too, since a
 * script is never the plan file's path.
 */
function operandsAfterScripts(args: readonly string[]): string[] {
  const files: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (/^-[a-zA-Z]*[ef]$/.test(arg) || arg === '--expression' || arg === '--file') index += 1;
    else if (!arg.startsWith('-')) files.push(arg);
  }
  return files;
}
