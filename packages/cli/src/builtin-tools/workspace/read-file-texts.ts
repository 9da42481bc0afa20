/** What `read_file` tells the model, per language. `path` arrives JSON-quoted. */
const en = {
  description:
    'Read a text file in the workspace. Output lines are prefixed with their line number and a tab; the numbers are not part of the file. Reads up to 2000 lines per call: use offset (first line, 1-based) and limit (number of lines) to page through longer files. Paths are relative to the workspace root.',
  isFolder: (path: string) => `${path} is a folder. Call list_files to see inside it.`,
  binary: (path: string, bytes: number) =>
    `${path} looks like a binary file (${bytes} bytes); read_file shows text files only.`,
  lineCut: (length: number) => `… [line cut, ${length} characters]`,
  empty: (path: string) => `${path} is empty.`,
  pastEnd: (path: string, total: number, offset: number) =>
    `${path} has ${total} lines; offset ${offset} is past the end. Use an offset from 1 to ${total}.`,
  more: (offset: number, last: number, total: number | undefined) =>
    `(Lines ${offset}-${last}${total === undefined ? '' : ` of ${total}`}. Call read_file with offset ${last + 1} to continue.)`,
  end: (total: number | undefined) => `(End of file: ${total} lines.)`,
};

const zh: typeof en = {
  description:
    '读取工作区中的文本文件。每行前面带有行号和一个制表符，行号不属于文件内容。每次最多读取 2000 行：较长的文件用 offset（起始行，从 1 开始）和 limit（行数）分页读取。路径相对于工作区根目录。',
  isFolder: (path) => `${path} 是文件夹。请用 list_files 查看其中内容。`,
  binary: (path, bytes) =>
    `${path} 看起来是二进制文件（${bytes} 字节）；read_file 只显示文本文件。`,
  lineCut: (length) => `…［此行已截断，共 ${length} 个字符］`,
  empty: (path) => `${path} 是空文件。`,
  pastEnd: (path, total, offset) =>
    `${path} 共 ${total} 行；offset ${offset} 超出了末尾。请使用 1 到 ${total} 之间的 offset。`,
  more: (offset, last, total) =>
    `（第 ${offset}-${last} 行${total === undefined ? '' : `，共 ${total} 行`}。继续读取请以 offset ${last + 1} 调用 read_file。）`,
  end: (total) => `（文件结束：共 ${total} 行。）`,
};

export const READ_FILE_TEXTS = { en, zh };
