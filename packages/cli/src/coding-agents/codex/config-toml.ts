/**
 * Codex's config.toml, in the person's home: setup's block holds `[mcp_servers.plankeeper]`
 * (`required = true`: Codex waits for the server instead of giving it one second and starting
 * the turn without its tools — MISSING_INSTALL is why that never blocks Codex;
 * `default_tools_approval_mode = "approve"`: no approval asked, which `exec` could not answer
 * anyway), the trust of setup's hooks (hook-trust.ts), and a line per project set up, so a
 * `--remove` in one project leaves the block to the others. The person's own TOML is never
 * touched.
 */
import { join } from 'node:path';
import { mcpArgs } from '../setup/commands.js';
import { isObject } from '../setup/json-file.js';
import {
  BLOCK_END,
  BLOCK_START,
  parseToml,
  tomlString,
  withBlock,
  withoutBlock,
} from '../setup/toml-block.js';
import {
  type FileEdit,
  type ReadText,
  SetupConfigError,
  type SetupContext,
} from '../setup/types.js';
import { codexHome, codexStore } from './codex-home.js';
import type { HookTrust } from './hook-trust.js';

/**
 * Run by `node -e` before the bin (`process.argv[1]`): the bin itself when it is there; when
 * the plankeeper install is gone, an MCP server with no tools and one line on stderr, so a
 * required server never stops `codex` from starting in any project.
 */
export const MISSING_INSTALL = [
  'const bin = process.argv[1];',
  "if (require('node:fs').existsSync(bin)) import(require('node:url').pathToFileURL(bin).href);",
  'else {',
  "  process.stderr.write('plankeeper: ' + bin + ' is gone; run plankeeper setup codex again (or --remove)\\n');",
  "  let rest = '';",
  "  process.stdin.on('data', (chunk) => {",
  "    const lines = (rest + chunk).split('\\n');",
  '    rest = lines.pop();',
  '    for (const line of lines) {',
  '      let m;',
  '      try { m = JSON.parse(line); } catch { continue; }',
  '      if (m.id === undefined) continue;',
  "      const result = m.method === 'initialize' ? { protocolVersion: m.params?.protocolVersion ?? '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'plankeeper', version: '0' } } : m.method === 'tools/list' ? { tools: [] } : undefined;",
  "      const answer = result ? { jsonrpc: '2.0', id: m.id, result } : { jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'plankeeper is not installed' } };",
  "      process.stdout.write([JSON.stringify(answer), ''].join('\\n'));",
  '    }',
  '  });',
  '}',
].join('\n');

/** config.toml as setup found it: its text, and what lies outside and inside setup's block. */
interface ConfigRead {
  path: string;
  before: string | undefined;
  text: string;
  /** The text without setup's block: the person's own. */
  userText: string;
  found: boolean;
  /** The other projects the block lists. */
  others: string[];
}

export function configEdit(
  ctx: SetupContext,
  read: ReadText,
  remove: boolean,
  trust: readonly HookTrust[],
): FileEdit {
  const path = join(codexHome(ctx), 'config.toml');
  const before = read(path);
  const text = before ?? '';
  parseToml(path, text);
  const { text: userText, found } = withoutBlock(text);
  const others = projectsOf(text).filter((dir) => dir !== ctx.dir);
  const config = { path, before, text, userText, found, others };
  return remove ? configRemoval(ctx, config) : configAddition(ctx, config, trust);
}

function configRemoval(ctx: SetupContext, config: ConfigRead): FileEdit {
  const { path, before, text, userText } = config;
  if (!config.found) return { path, before, after: before, changes: [] };
  if (config.others.length > 0) {
    // Another project still runs plankeeper through this block: only this project leaves it.
    const after = withBlock(text, blockText(text).replace(projectLine(ctx.dir), ''));
    const changes = after === before ? [] : [projectLine(ctx.dir).trim()];
    return { path, before, after, changes, shared: true };
  }
  return {
    path,
    before,
    after: userText,
    changes: ['[mcp_servers.plankeeper]'],
    empty: userText.trim() === '',
  };
}

function configAddition(
  ctx: SetupContext,
  config: ConfigRead,
  trust: readonly HookTrust[],
): FileEdit {
  const { path, before, text } = config;
  const user = parseToml(path, config.userText);
  const servers = user.mcp_servers;
  if (isObject(servers) && 'plankeeper' in servers) {
    throw new SetupConfigError(
      path,
      'already defines [mcp_servers.plankeeper] outside plankeeper setup’s block; delete that table, then run setup again',
    );
  }
  // A hook the person already trusted (Codex wrote that outside the block) keeps their entry.
  const state = isObject(user.hooks) && isObject(user.hooks.state) ? user.hooks.state : {};
  const trustLines = trust
    .filter((entry) => !(entry.key in state))
    .flatMap((entry) => [
      `[hooks.state.${tomlString(entry.key)}]`,
      `trusted_hash = "sha256:${entry.hash}"`,
      '',
    ]);
  const after = withBlock(text, [...serverLines(ctx, config.others), ...trustLines].join('\n'));
  // The block must not clash with the user's TOML (say, an inline `mcp_servers = {...}`).
  parseToml(path, after);
  const changes = [
    '[mcp_servers.plankeeper]',
    ...(trustLines.length > 0 ? ['trust for its hooks'] : []),
  ];
  return { path, before, after, changes: after === before ? [] : changes };
}

/** The block's project lines and server table (with the blank line after it). */
function serverLines(ctx: SetupContext, others: readonly string[]): string[] {
  const args = ['-e', MISSING_INSTALL, ctx.bin, ...mcpArgs(ctx, codexStore(ctx))]
    .map(tomlString)
    .join(', ');
  return [
    ...[...others, ctx.dir].sort().map((dir) => projectLine(dir).trimEnd()),
    '[mcp_servers.plankeeper]',
    `command = ${tomlString(ctx.node)}`,
    `args = [${args}]`,
    'required = true',
    'default_tools_approval_mode = "approve"',
    'startup_timeout_sec = 20',
    '',
  ];
}

/**
 * The block names each project set up (a comment line each): the server and hooks in the home
 * serve them all, each finding its own store at run time (project-store.ts: the session's
 * directory), and `--remove` in one project leaves them while another is still listed.
 */
const PROJECT_MARK = '# set up for: ';

function projectLine(dir: string): string {
  return `${PROJECT_MARK}${tomlString(dir)}\n`;
}

/** The text inside setup's block (without its markers), or ''. */
function blockText(text: string): string {
  const start = text.indexOf(BLOCK_START);
  if (start < 0) return '';
  const from = text.indexOf('\n', start) + 1;
  const end = text.indexOf(BLOCK_END, from);
  return text.slice(from, end < 0 ? text.length : end);
}

/** The projects the block lists. */
export function projectsOf(text: string): string[] {
  return blockText(text)
    .split('\n')
    .filter((line) => line.startsWith(PROJECT_MARK))
    .map((line) => JSON.parse(line.slice(PROJECT_MARK.length)) as string);
}
