/**
 * The store a coding agent's hook and MCP server open, decided at run time: the `--store` setup
 * wrote, else $PLANKEEPER_STORE (where a URL with credentials lives: never in a file the project
 * commits), else the SQLite file under the agent's project directory. A relative `sqlite:` path
 * resolves against that directory too, so the files setup writes never name it: a teammate's
 * clone, or a copy, keeps its plans in its own folder.
 */
import { isAbsolute, join, resolve } from 'node:path';

/** The default store's file, under the project directory. */
export const PROJECT_STORE_PATH = join('.plankeeper', 'plans.db');

/**
 * The agent's project directory: the variable the agent sets for its hooks (Claude Code's
 * CLAUDE_PROJECT_DIR, Gemini CLI's GEMINI_PROJECT_DIR), else the working directory the agent
 * started the process in.
 */
export function agentProjectDir(
  projectDirEnv: string | undefined,
  env: NodeJS.ProcessEnv,
  cwd: string,
): string {
  const named = projectDirEnv ? env[projectDirEnv]?.trim() : undefined;
  return named && isAbsolute(named) ? named : cwd;
}

export function agentStoreUrl(
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
  projectDir: string,
): string {
  const url =
    flag?.trim() ||
    env.PLANKEEPER_STORE?.trim() ||
    `sqlite:${join(projectDir, PROJECT_STORE_PATH)}`;
  return sqliteAgainst(url, projectDir);
}

/** A relative SQLite path made absolute against `dir`; any other URL as it is. */
export function sqliteAgainst(url: string, dir: string): string {
  const sqlite = /^sqlite:(?!\/\/)(.+)$/.exec(url);
  if (!sqlite || isAbsolute(sqlite[1]!) || sqlite[1] === ':memory:') return url;
  return `sqlite:${resolve(dir, sqlite[1]!)}`;
}
