/**
 * `plankeeper mcp` over stdio remembers its answers to a client's listing requests (the
 * discovery probe, initialize, the tool, prompt and resource lists) per build and command
 * line, in the user's cache folder, and at its next start answers them from there while its
 * SDK loads (src/cli/mcp-early/). Shown without timing: a remembered answer altered on disk
 * is what the client gets, once per request, and the server's own answer replaces it on disk.
 */
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

let cache: string;
beforeEach(() => {
  cache = mkdtempSync(join(tmpdir(), 'pk-early-'));
});
afterEach(() => rmSync(cache, { recursive: true, force: true }));

const request = (id: number, method: string, params: object = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params });
const LISTING = [
  request(1, 'initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'early-test', version: '1' },
  }),
  JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  request(2, 'tools/list'),
  request(3, 'prompts/list', { _meta: { progressToken: 7 } }),
];
const CALLS = [
  request(4, 'tools/call', {
    name: 'todo_write',
    arguments: { todos: [{ content: 'Parse the file', status: 'in_progress' }] },
  }),
];

interface Answer {
  id: number;
  result?: { tools?: { name: string; description: string }[] } & Record<string, unknown>;
  error?: unknown;
}

/** One server run with `lines` on stdin; its answers by id (each id must be answered once). */
async function serve(lines: string[], args: string[] = [], cacheHome = cache) {
  const run = await runCli(['mcp', '--store', 'memory', ...args], {
    input: `${lines.join('\n')}\n`,
    env: { XDG_CACHE_HOME: cacheHome },
  });
  expect(run.code, run.stderr).toBe(0);
  const answers = run.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Answer);
  const ids = answers.map((answer) => answer.id);
  expect(ids).toEqual([...new Set(ids)]);
  return new Map(answers.map((answer) => [answer.id, answer]));
}

/**
 * The file `plankeeper mcp` run with `args` remembers in: named by the hash of the built files
 * the bin loads, the arguments and plankeeper's own variables (answer-cache.ts, identityOf).
 */
function cacheFileFor(args: string[]): string {
  const cli = fileURLToPath(new URL('../../', import.meta.url));
  const built = ['dist/bundle/mcp.cjs', 'dist/cli/commands/mcp.js', 'package.json'].map((file) => {
    const { size, mtimeMs } = statSync(join(cli, file));
    return `${join(cli, file)}:${size}:${mtimeMs}`;
  });
  const own = Object.keys(process.env)
    .filter((name) => name.startsWith('PLANKEEPER_'))
    .sort()
    .map((name) => `${name}=${process.env[name]}`);
  const identity = JSON.stringify([...built, '--', ...args, '--', ...own]);
  const hash = createHash('sha256').update(identity).digest('hex').slice(0, 32);
  return fileOf(`${hash}.json`);
}

const files = () => readdirSync(join(cache, 'plankeeper', 'mcp-answers'));
const fileOf = (name: string) => join(cache, 'plankeeper', 'mcp-answers', name);
const toolsListKey = 'tools/list {}';

describe('plankeeper mcp: listing answers remembered', () => {
  it('answers the next start from what it remembered, once per request, then remembers the server’s own', async () => {
    const first = await serve(LISTING);
    expect(files()).toHaveLength(1);
    const file = fileOf(files()[0]!);
    const remembered = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Answer>;
    expect(remembered[toolsListKey]).toEqual({ result: first.get(2)!.result });
    // The prompt list's key leaves out the call's own _meta.
    expect(Object.keys(remembered)).toContain('prompts/list {}');

    const altered = structuredClone(remembered);
    altered[toolsListKey]!.result!.tools![0]!.description = 'REMEMBERED';
    writeFileSync(file, JSON.stringify(altered));
    const second = await serve(LISTING);
    expect(second.get(2)!.result!.tools![0]!.description).toBe('REMEMBERED');
    expect(second.get(1)!.result).toEqual(first.get(1)!.result);
    expect(second.get(3)!.result).toEqual(first.get(3)!.result);
    // The server answered too; its answer was dropped on the wire and kept on disk.
    expect(JSON.parse(readFileSync(file, 'utf8'))[toolsListKey]).toEqual(remembered[toolsListKey]);

    const third = await serve(LISTING);
    expect(third.get(2)!.result).toEqual(first.get(2)!.result);
  });

  it('passes the calls after the listing to the server, remembered or not', async () => {
    for (let start = 0; start < 2; start++) {
      const answers = await serve([...LISTING, ...CALLS]);
      expect(answers.get(4)!.error).toBeUndefined();
      expect(JSON.stringify(answers.get(4)!.result)).toContain('[>] #1 Parse the file');
    }
  });

  it('keeps the answers of each command line apart, and writes none of it out', async () => {
    const english = await serve(LISTING, ['--session', 'secret-session-name']);
    const chinese = await serve(LISTING, ['--session', 'secret-session-name', '--lang', 'zh']);
    expect(files()).toHaveLength(2);
    expect(chinese.get(2)!.result).not.toEqual(english.get(2)!.result);
    const again = await serve(LISTING, ['--session', 'secret-session-name', '--lang', 'zh']);
    expect(again.get(2)!.result).toEqual(chinese.get(2)!.result);
    for (const name of files()) {
      expect(name).not.toContain('secret');
      expect(readFileSync(fileOf(name), 'utf8')).not.toContain('secret-session-name');
    }
  });

  it('clears out the files of builds not run for 30 days when it writes a new one', async () => {
    mkdirSync(join(cache, 'plankeeper', 'mcp-answers'), { recursive: true });
    const month = (Date.now() - 31 * 24 * 60 * 60 * 1000) / 1000;
    writeFileSync(fileOf('old-build.json'), '{}');
    utimesSync(fileOf('old-build.json'), month, month);
    writeFileSync(fileOf('recent-build.json'), '{}');
    await serve(LISTING);
    expect(files()).not.toContain('old-build.json');
    expect(files()).toContain('recent-build.json');
    expect(files()).toHaveLength(2);
  });

  it('serves as ever when the cache cannot be read or written', async () => {
    const normal = await serve(LISTING);
    const file = fileOf(files()[0]!);
    writeFileSync(file, '{not json');
    expect((await serve(LISTING)).get(2)).toEqual(normal.get(2));
    expect(JSON.parse(readFileSync(file, 'utf8'))[toolsListKey]).toBeDefined();

    const notAFolder = join(cache, 'a-file');
    writeFileSync(notAFolder, '');
    const answers = await serve([...LISTING, ...CALLS], [], notAFolder);
    expect(answers.get(2)).toEqual(normal.get(2));
    expect(answers.get(4)!.error).toBeUndefined();
  });
});

describe('plankeeper mcp: remembered answers it does not trust', () => {
  it.each([
    [['--bogus-flag'], "unknown option '--bogus-flag'"],
    [['--lang', 'xx'], '--lang must be one of en, zh, not "xx"'],
  ])(
    'a command line that ends in a usage error (%j) answers nothing remembered',
    async (bad, said) => {
      await serve(LISTING);
      const good = ['mcp', '--store', 'memory'];
      // The file name is worked out right: it is the one the server wrote.
      expect(files()).toEqual([basename(cacheFileFor(good))]);
      const planted = cacheFileFor([...good, ...bad]);
      copyFileSync(cacheFileFor(good), planted);
      chmodSync(planted, 0o600);
      const run = await runCli([...good, ...bad], {
        input: `${LISTING.join('\n')}\n`,
        env: { XDG_CACHE_HOME: cache },
      });
      expect(run.stdout).toBe('');
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(said);
    },
  );

  it('a listing id reused before its answer came remembers nothing for either request', async () => {
    const run = await runCli(['mcp', '--store', 'memory'], {
      input: `${[...LISTING.slice(0, 2), request(2, 'tools/list'), request(2, 'prompts/list')].join('\n')}\n`,
      env: { XDG_CACHE_HOME: cache },
    });
    expect(run.code, run.stderr).toBe(0);
    const remembered = JSON.parse(readFileSync(fileOf(files()[0]!), 'utf8')) as Record<
      string,
      Answer
    >;
    expect(remembered[toolsListKey]).toBeUndefined();
    expect(remembered['prompts/list {}']).toBeUndefined();
    // The next start lists its tools, none remembered under the wrong request.
    expect((await serve(LISTING)).get(2)!.result!.tools!.length).toBeGreaterThan(0);
  });

  it.each([
    ['folder', (file: string) => chmodSync(join(file, '..'), 0o777)],
    ['file', (file: string) => chmodSync(file, 0o666)],
  ])('a %s others may write is not served from', async (_, loosen) => {
    await serve(LISTING);
    const file = fileOf(files()[0]!);
    const remembered = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Answer>;
    remembered[toolsListKey] = { id: 0, result: { tools: [] } };
    writeFileSync(file, JSON.stringify(remembered));
    loosen(file);
    expect((await serve(LISTING)).get(2)!.result!.tools!.length).toBeGreaterThan(0);
  });

  it('a cache folder under /proc is not used: the server answers and ends', async () => {
    const answers = await serve(LISTING, [], '/proc/self');
    expect(answers.get(2)!.result!.tools!.length).toBeGreaterThan(0);
  }, 20_000);
});
