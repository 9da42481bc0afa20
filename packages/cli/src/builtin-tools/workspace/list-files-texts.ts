/** What `list_files` tells the model, per language. `path` arrives JSON-quoted. */
const en = {
  description:
    'List the files and folders in a workspace folder (default: the workspace root). Folders end with "/". Set recursive to true to include everything below it. Paths in the output are relative to the workspace root and can be passed to the other file tools.',
  isFile: (path: string) => `${path} is a file, not a folder. Call read_file to read it.`,
  notExpanded: ' (not expanded)',
  symbolicLink: ' (symbolic link)',
  heading: (path: string, recursive: boolean) =>
    `Contents of ${path}${recursive ? ' (recursive)' : ''}:`,
  emptyFolder: '(empty folder)',
  stopped: (max: number) => `(Stopped after ${max} entries; list a subfolder to see more.)`,
};

const zh: typeof en = {
  description:
    '列出工作区中某个文件夹（默认为工作区根目录）里的文件和子文件夹，文件夹以 "/" 结尾。recursive 设为 true 时包含其下所有内容。输出中的路径相对于工作区根目录，可直接用于其他文件工具。',
  isFile: (path) => `${path} 是文件，不是文件夹。请用 read_file 读取。`,
  notExpanded: '（未展开）',
  symbolicLink: '（符号链接）',
  heading: (path, recursive) => `${path} 的内容${recursive ? '（含所有子文件夹）' : ''}：`,
  emptyFolder: '（空文件夹）',
  stopped: (max) => `（列出 ${max} 项后停止；请列出子文件夹查看更多。）`,
};

export const LIST_FILES_TEXTS = { en, zh };
