/** What `edit_file` tells the model, per language. `path` arrives JSON-quoted. */
const en = {
  description:
    'Replace exact text in a workspace file. old_text must match the file exactly, including whitespace and indentation, and without the line numbers read_file shows; it must occur exactly once unless replace_all is true. Include enough surrounding lines to make it unique. Read the file first.',
  identical: 'old_text and new_text are identical; there is nothing to change.',
  isFolder: (path: string) => `${path} is a folder, not a file.`,
  binary: (path: string) => `${path} looks like a binary file.`,
  ambiguous: (count: number, path: string, lines: readonly number[], more: boolean) =>
    `old_text matches ${count} places in ${path} (lines ${lines.join(', ')}${more ? ', …' : ''}); nothing was changed. Include more surrounding text so it matches exactly one place, or set replace_all to true to change all ${count}.`,
  edited: (path: string, count: number, lines: readonly number[]) =>
    `Edited ${path}: replaced ${count} occurrence${count === 1 ? '' : 's'} (line${count === 1 ? '' : 's'} ${lines.join(', ')}).`,
  notFound: (path: string, hint: string) =>
    `old_text was not found in ${path} (0 matches); nothing was changed. ${hint}`,
  copyExactly:
    'Read the file again and copy the text exactly, including whitespace, without the line numbers.',
  matchesTrimmed: (first: number, last: number) =>
    first === last
      ? `Line ${first} matches if leading and trailing spaces are ignored; copy it exactly as it is.`
      : `Lines ${first}-${last} match if leading and trailing spaces are ignored; copy them exactly as they are.`,
};

const zh: typeof en = {
  description:
    '替换工作区文件中的一段精确文本。old_text 必须与文件内容完全一致（包括空白和缩进），且不含 read_file 显示的行号；除非 replace_all 为 true，它必须在文件中恰好出现一次。请带上足够的上下文行使其唯一。修改前先读取文件。',
  identical: 'old_text 与 new_text 相同，没有需要修改的内容。',
  isFolder: (path) => `${path} 是文件夹，不是文件。`,
  binary: (path) => `${path} 看起来是二进制文件。`,
  ambiguous: (count, path, lines, more) =>
    `old_text 在 ${path} 中匹配到 ${count} 处（第 ${lines.join('、')}${more ? '、…' : ''} 行）；未做任何修改。请带上更多上下文，使其只匹配一处；或将 replace_all 设为 true，修改全部 ${count} 处。`,
  edited: (path, count, lines) =>
    `已编辑 ${path}：替换了 ${count} 处（第 ${lines.join('、')} 行）。`,
  notFound: (path, hint) => `在 ${path} 中没有找到 old_text（0 处匹配）；未做任何修改。${hint}`,
  copyExactly: '请重新读取文件，原样复制文本（包括空白），不要带行号。',
  matchesTrimmed: (first, last) =>
    `忽略首尾空白时，第 ${first === last ? first : `${first}-${last}`} 行可以匹配；请按原样复制。`,
};

export const EDIT_FILE_TEXTS = { en, zh };
