/** What `write_file` tells the model, per language. `path` arrives JSON-quoted. */
const en = {
  description:
    'Write a file in the workspace, replacing all of its content; missing folders are created. To change part of an existing file, use edit_file instead. Paths are relative to the workspace root.',
  isFolder: (path: string, display: string) =>
    `${path} is a folder. Give a file path inside it, such as "${display}/notes.md".`,
  written: (created: boolean, path: string, lines: number, bytes: number) =>
    `${created ? 'Created' : 'Overwrote'} ${path} (${lines} lines, ${bytes} bytes).`,
};

const zh: typeof en = {
  description:
    '在工作区中写入文件，替换其全部内容；缺少的文件夹会自动创建。只修改现有文件的一部分时，请改用 edit_file。路径相对于工作区根目录。',
  isFolder: (path, display) =>
    `${path} 是文件夹。请给出其中的文件路径，例如 "${display}/notes.md"。`,
  written: (created, path, lines, bytes) =>
    `已${created ? '创建' : '覆盖'} ${path}（${lines} 行，${bytes} 字节）。`,
};

export const WRITE_FILE_TEXTS = { en, zh };
