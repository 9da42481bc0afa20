/** File-system failures in words, per language. `path` arrives JSON-quoted. */
const en = {
  notFound: (path: string) => `No file or folder at ${path}. Call list_files to see what exists.`,
  isFolder: (path: string) => `${path} is a folder, not a file. Call list_files to see inside it.`,
  notFolder: (path: string) =>
    `Part of ${path} is a file where a folder is needed. Use another path.`,
  denied: (path: string) => `Permission denied for ${path}.`,
  failed: (tool: string, path: string, code: string) => `${tool} failed on ${path}: ${code}.`,
};

const zh: typeof en = {
  notFound: (path) => `${path} 处没有文件或文件夹。请用 list_files 查看有哪些内容。`,
  isFolder: (path) => `${path} 是文件夹，不是文件。请用 list_files 查看其中内容。`,
  notFolder: (path) => `${path} 中有一段是文件，而这里需要文件夹。请换一个路径。`,
  denied: (path) => `没有访问 ${path} 的权限。`,
  failed: (tool, path, code) => `${tool} 处理 ${path} 时失败：${code}。`,
};

export const FILE_ERROR_TEXTS = { en, zh };
