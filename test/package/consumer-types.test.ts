/**
 * The core's types as a library user meets them: the packed package, installed into an
 * empty project with `skipLibCheck: false` and no `@types/*` of any driver, type-checks
 * for every entry with only that entry's own peers present. A store's types that named
 * `pg` or `better-sqlite3` would fail here with TS7016 for a user without their `@types`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const modules = join(root, 'node_modules');
const tsc = join(modules, 'typescript/bin/tsc');
const work = mkdtempSync(join(tmpdir(), 'plankeeper-consumer-'));
let unpacked = '';

/**
 * Entries, the peers their user installs, and whether they run only where Node and DOM types
 * exist. A peer written `name=installed` is the package installed under another name: the
 * newest framework versions, which test/tools installs under an alias. Entries with no peer
 * are checked together, in one project that has none: an entry whose types named a driver
 * fails there just as alone (the error names its file), at one compiler run for all.
 */
const CASES: [entries: string[], peers: string[], platform: 'any' | 'node'][] = [
  [
    [
      'plankeeper',
      'plankeeper/agent',
      'plankeeper/tools',
      'plankeeper/harness',
      'plankeeper/hooks',
      'plankeeper/rules',
      'plankeeper/test',
      'plankeeper/stores',
      'plankeeper/stores/plan-file',
      'plankeeper/http',
      'plankeeper/lines',
    ],
    [],
    'any',
  ],
  // It runs the person's commands: Node's child_process and fs in its types.
  [['plankeeper/checks'], [], 'node'],
  [['plankeeper/test/store-contract'], ['vitest'], 'any'],
  [['plankeeper/stores/sqlite'], ['better-sqlite3'], 'any'],
  [['plankeeper/stores/postgres'], ['pg'], 'any'],
  [['plankeeper/stores/redis'], ['ioredis'], 'any'],
  [['plankeeper/mcp'], ['@modelcontextprotocol/sdk'], 'node'],
  [['plankeeper/ai-sdk'], ['ai'], 'node'],
  [['plankeeper/langchain'], ['langchain', '@langchain/core'], 'node'],
  [['plankeeper/openai-agents'], ['@openai/agents'], 'any'],
  // The SDK's own types name its peers: the Anthropic SDK and the MCP SDK.
  [
    ['plankeeper/claude-agent-sdk'],
    ['@anthropic-ai/claude-agent-sdk', '@anthropic-ai/sdk', '@modelcontextprotocol/sdk'],
    'node',
  ],
  [['plankeeper/ag-ui'], ['@ag-ui/core'], 'any'],
  [['plankeeper/ai-sdk'], ['ai=ai-newest'], 'node'],
  [['plankeeper/openai-agents'], ['@openai/agents=openai-agents-newest'], 'any'],
];

beforeAll(() => {
  execFileSync('npm', ['pack', join(root, 'packages/plankeeper'), '--pack-destination', work], {
    stdio: 'ignore',
  });
  const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'))!;
  unpacked = join(work, 'package');
  execFileSync('tar', ['xzf', join(work, tarball), '-C', work]);
}, 60_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

function link(project: string, peer: string): void {
  const [name, installed = name] = peer.split('=') as [string, string?];
  const target = join(project, 'node_modules', name);
  mkdirSync(dirname(target), { recursive: true });
  symlinkSync(join(modules, installed), target);
}

describe('types in a consumer project', () => {
  it.each(CASES)(
    '%j check with skipLibCheck off and peers %j only',
    { timeout: 120_000 },
    (entries, peers, platform) => {
      const project = join(work, [entries[0], ...peers].join('-').replaceAll(/[/=@]/g, '-'));
      mkdirSync(join(project, 'node_modules'), { recursive: true });
      // A copy, not a link: a link would let the compiler find the repository's @types.
      execFileSync('cp', ['-r', unpacked, join(project, 'node_modules/plankeeper')]);
      for (const name of ['zod', ...peers]) link(project, name);
      if (platform === 'node')
        for (const name of ['@types/node', 'undici-types']) link(project, name);
      writeFileSync(join(project, 'package.json'), '{"type": "module"}');
      writeFileSync(
        join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            target: 'ES2022',
            skipLibCheck: false,
            noEmit: true,
            ...(platform === 'node' ? { types: ['node'], lib: ['ESNext', 'DOM'] } : { types: [] }),
          },
          files: ['consumer.ts'],
        }),
      );
      writeFileSync(
        join(project, 'consumer.ts'),
        entries
          .map(
            (entry, n) =>
              `import * as entry${n} from '${entry}';\nexport type Entry${n} = typeof entry${n};\n`,
          )
          .join(''),
      );
      let output = '';
      try {
        execFileSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8' });
      } catch (error) {
        output = String((error as { stdout?: string }).stdout ?? error);
      }
      expect(output).toBe('');
    },
  );
});
