/**
 * A shell command line split into simple commands, as far as telling which files it writes
 * needs: each command's words with quotes and escapes taken out, and the targets of its output
 * redirections. Not a shell: variables, globs and substitutions stay as written, and text a
 * command substitution or a subshell runs is read as commands of its own. Here-document bodies
 * are skipped, so their text is never taken for a command.
 */

export interface SimpleCommand {
  words: string[];
  /** Files its output goes to (`>`, `>>`, `>|`, `&>`, `&>>`). */
  writes: string[];
}

/** Characters that end a command: a list, a pipe, a subshell or a substitution. */
const SEPARATORS = new Set([';', '&', '|', '\n', '(', ')', '`']);

export function simpleCommands(line: string): SimpleCommand[] {
  const commands: SimpleCommand[] = [];
  let current: SimpleCommand = { words: [], writes: [] };
  let word: string | undefined;
  /** Where the word being read goes once it ends. */
  let into: 'words' | 'writes' | 'heredoc' | 'drop' = 'words';
  const heredocs: string[] = [];
  const endWord = () => {
    if (word !== undefined) {
      if (into === 'writes') current.writes.push(word);
      else if (into === 'heredoc') heredocs.push(word);
      else if (into === 'words') current.words.push(word);
    }
    word = undefined;
    into = 'words';
  };
  const endCommand = () => {
    endWord();
    if (current.words.length > 0 || current.writes.length > 0) commands.push(current);
    current = { words: [], writes: [] };
  };
  let index = 0;
  while (index < line.length) {
    const char = line[index]!;
    const quoted = quotedPart(line, index);
    if (quoted) {
      word = (word ?? '') + quoted.text;
      index = quoted.next;
    } else if (char === '#' && word === undefined) {
      const end = line.indexOf('\n', index);
      index = end === -1 ? line.length : end;
    } else if (char === '$' && line[index + 1] === '(') {
      endCommand();
      index += 2;
    } else if (char === '>' || char === '<' || (char === '&' && line[index + 1] === '>')) {
      // A file descriptor number before it (2>) is not a word of the command.
      if (word !== undefined && /^\d+$/.test(word)) word = undefined;
      endWord();
      const redirect = redirection(line, index);
      index = redirect.next;
      into = redirect.into;
    } else if (SEPARATORS.has(char)) {
      endCommand();
      index += 1;
      if (char === '\n' && heredocs.length > 0) index = afterHeredocs(line, index, heredocs);
    } else if (char === ' ' || char === '\t') {
      endWord();
      index += 1;
    } else {
      word = (word ?? '') + char;
      index += 1;
    }
  }
  endCommand();
  return commands;
}

/**
 * The operator of a redirection at `start` read: where its target word goes (a written file, a
 * here-document's delimiter, or nowhere: a file read, a descriptor duplicated), and where that
 * word starts.
 */
function redirection(
  line: string,
  start: number,
): { next: number; into: 'writes' | 'heredoc' | 'drop' } {
  let index = start;
  if (line[index] === '<') {
    const heredoc = line[index + 1] === '<' && line[index + 2] !== '<';
    index += heredoc ? 2 : line[index + 1] === '<' ? 3 : 1;
    if (heredoc && line[index] === '-') index += 1;
    if (line[index] === '&') index += 1;
    return { next: skipBlanks(line, index), into: heredoc ? 'heredoc' : 'drop' };
  }
  index += line[index] === '&' ? 2 : 1;
  if (line[index] === '>' || line[index] === '|') index += 1;
  // `>&2` duplicates a descriptor; `>&file` is `&>file`.
  if (line[index] === '&') {
    index += 1;
    if (/[\d-]/.test(line[index] ?? '')) {
      while (/[\d-]/.test(line[index] ?? '')) index += 1;
      return { next: index, into: 'drop' };
    }
  }
  return { next: skipBlanks(line, index), into: 'writes' };
}

/** A quoted part of a word, or an escaped character, at `index`, without its quoting. */
function quotedPart(line: string, index: number): { text: string; next: number } | undefined {
  const char = line[index];
  if (char === "'") {
    const end = line.indexOf("'", index + 1);
    const stop = end === -1 ? line.length : end;
    return { text: line.slice(index + 1, stop), next: stop + 1 };
  }
  if (char === '"') {
    const [text, next] = doubleQuoted(line, index + 1);
    return { text, next };
  }
  if (char === '\\') {
    return { text: line[index + 1] === '\n' ? '' : (line[index + 1] ?? ''), next: index + 2 };
  }
  return undefined;
}

function doubleQuoted(line: string, start: number): [string, number] {
  let text = '';
  let index = start;
  while (index < line.length && line[index] !== '"') {
    if (line[index] === '\\' && /["\\$`\n]/.test(line[index + 1] ?? '')) {
      if (line[index + 1] !== '\n') text += line[index + 1];
      index += 2;
    } else {
      text += line[index];
      index += 1;
    }
  }
  return [text, index + 1];
}

function skipBlanks(line: string, index: number): number {
  let at = index;
  while (line[at] === ' ' || line[at] === '\t') at += 1;
  return at;
}

/** Past the bodies of the here-documents opened on the line just ended. */
function afterHeredocs(line: string, start: number, delimiters: string[]): number {
  let index = start;
  while (delimiters.length > 0 && index < line.length) {
    const end = line.indexOf('\n', index);
    const stop = end === -1 ? line.length : end;
    if (line.slice(index, stop).trim() === delimiters[0]) delimiters.shift();
    index = stop + 1;
  }
  delimiters.length = 0;
  return index;
}
