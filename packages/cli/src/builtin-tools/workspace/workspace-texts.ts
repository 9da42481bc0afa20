/** Why the workspace refuses a path, per language. `path` arrives JSON-quoted. */
const en = {
  nul: 'The path contains a NUL character.',
  outside: (path: string) =>
    `${path} is outside the workspace. Use a path relative to the workspace root, such as "notes/plan.md", without ".." that leaves it.`,
  brokenLink: (path: string) =>
    `${path} goes through a symbolic link whose target is missing or loops. Use another path.`,
  linkOutside: (path: string) =>
    `${path} leads outside the workspace through a symbolic link. Use a path whose real location is inside the workspace.`,
};

const zh: typeof en = {
  nul: '路径中含有 NUL 字符。',
  outside: (path) =>
    `${path} 在工作区之外。请使用相对于工作区根目录的路径，例如 "notes/plan.md"，不要用 ".." 跳出工作区。`,
  brokenLink: (path) => `${path} 经过的符号链接目标不存在或形成循环。请换一个路径。`,
  linkOutside: (path) => `${path} 通过符号链接指向工作区之外。请使用实际位置在工作区内的路径。`,
};

export const WORKSPACE_TEXTS = { en, zh };
