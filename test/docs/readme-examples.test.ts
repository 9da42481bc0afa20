/**
 * Every code block of the README runs as shown, or is listed below with the reason it is
 * not run here. TypeScript blocks are files under examples/ (readme.test.ts checks they
 * match, `tsc -p .` type-checks them against the built packages); this file runs them,
 * the JSON scripts and the `plankeeper` commands, and checks each command's flags exist.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../packages/cli/test/support/run-cli.js';

const root = new URL('../../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');
const blocks = [...readme.matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)].map(([, lang, code]) => ({
  lang: lang!,
  code: code!,
}));
const commands = blocks
  .filter((block) => block.lang === 'sh')
  .flatMap((block) => block.code.split('\n'))
  .map((line) => line.replace(/\s+#.*$/, '').trim())
  .filter((line) => line !== '');

/** Commands not run here, each with why; a new README command must be run or listed. */
const NOT_RUN: [RegExp, string][] = [
  [/^npm ci && npm run demo$/, 'reinstalls this repository; demo.test.ts runs the demo'],
  [/^npm ci && npm test$/, 'the whole suite, this test among it'],
  [/^npm i /, 'installs from the registry; the packages named are checked below'],
  [
    /^(mkdir -p|cd|npm pack|npx plankeeper) /,
    'the from-a-checkout steps: installed-cli.test.ts packs both packages, installs the tarballs into an empty project and runs the command there',
  ],
  [/^plankeeper \w+ .*\[/, 'a synopsis; its flags are checked'],
  [/^plankeeper setup /, 'needs a coding agent; the setup tests run it per agent'],
  [
    /^plankeeper todos --list \S+ --release /,
    'needs a list with a gone session; coding-agents/setup/shared-list.test.ts releases one',
  ],
  [/^plankeeper (mcp|dashboard)\b/, 'a server that runs until stopped; its flags are checked'],
  [
    /^plankeeper eval --suite /,
    'needs a real model; packages/cli/test/eval/eval-suite-*.test.ts run it against a local stand-in',
  ],
];

/** The TypeScript examples that other tests run (they need a framework's mock model). */
const RUN_ELSEWHERE: Record<string, string> = {
  'examples/ai-sdk.ts': 'packages/plankeeper/test/adapters/ai-sdk/example.test.ts',
  'examples/langchain.ts': 'packages/plankeeper/test/adapters/langchain/example.test.ts',
  'examples/openai-agents.ts': 'packages/plankeeper/test/adapters/openai-agents/example.test.ts',
  'examples/claude-agent-sdk.ts':
    'packages/plankeeper/test/adapters/claude-agent-sdk/example.test.ts',
  'examples/quickstart.ts': 'test/docs/readme.test.ts',
  'examples/own-model.ts': 'test/docs/examples-run.test.ts',
  'examples/mcp-server.ts': 'test/docs/examples-run.test.ts',
  'examples/sub-agents.ts': 'test/docs/sub-agents-example.test.ts',
  'examples/evidence.ts': 'test/docs/examples-run.test.ts',
  'examples/shared-list.ts': 'test/docs/shared-list-example.test.ts',
  'examples/approval.ts': 'test/docs/approval-example.test.ts',
  'examples/ag-ui.ts': 'test/docs/ag-ui-panel.test.ts',
};

function scriptFile(code: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'plankeeper-readme-')), 'script.json');
  writeFileSync(file, code);
  return file;
}

describe('README examples', () => {
  it('has only blocks this test knows how to check', () => {
    expect(new Set(blocks.map((block) => block.lang))).toEqual(
      new Set(['sh', 'ts', 'json', 'text']),
    );
  });

  it.each(blocks.filter((block) => block.lang === 'json').map((block) => [block.code]))(
    'the script runs to its final answer: %s',
    async (code) => {
      const { code: exit, stdout } = await runCli(['run', '--script', scriptFile(code), '--json']);
      const report = JSON.parse(stdout);
      expect(report.error).toBeNull();
      expect(exit).toBe(0);
      expect(report.result).toBe(JSON.parse(code).steps.at(-1).final);
    },
  );

  const runs = commands.filter((line) => /^plankeeper run --script [\w./-]+\.json\b/.test(line));
  it('runs the run --script commands', () => expect(runs.length).toBeGreaterThan(0));
  it.each(runs.map((line) => [line]))('%s', async (line) => {
    const { code, stderr } = await runCli(line.split(/\s+/).slice(1));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it.each(commands.filter((line) => !runs.includes(line)).map((line) => [line]))(
    'is run or says why not: %s',
    (line) => {
      expect(NOT_RUN.find(([pattern]) => pattern.test(line))?.[1], line).toBeDefined();
    },
  );

  // One `--help` per command, for every flag any README line shows with it.
  const flags = new Map<string, Set<string>>();
  for (const line of commands.filter((candidate) => candidate.startsWith('plankeeper '))) {
    const command = line.split(/\s+/)[1]!;
    const shown = flags.get(command) ?? new Set<string>();
    for (const flag of line.match(/--[a-z][a-z-]*/g) ?? []) shown.add(flag);
    flags.set(command, shown);
  }
  it.each([...flags].map(([command, shown]) => [command, [...shown]] as const))(
    'plankeeper %s has the flags shown: %s',
    async (command, shown) => {
      const { code, stdout } = await runCli([command, '--help']);
      expect(code).toBe(0);
      for (const flag of shown) expect(stdout, flag).toMatch(new RegExp(`${flag}\\b`));
    },
  );

  it('installs only the packages and subpaths that exist', () => {
    const core = JSON.parse(
      readFileSync(new URL('packages/plankeeper/package.json', root), 'utf8'),
    );
    const cli = JSON.parse(readFileSync(new URL('packages/cli/package.json', root), 'utf8'));
    const known = new Set(['plankeeper', '@plankeeper/cli', ...Object.keys(core.peerDependencies)]);
    // The tarballs `npm pack` writes for this version (a checkout's install, before publishing).
    const tarballs = [`plankeeper-${core.version}.tgz`, `plankeeper-cli-${cli.version}.tgz`];
    const installs = blocks
      .filter((block) => block.lang === 'sh')
      .flatMap((block) => block.code.split('\n'))
      .filter((line) => line.startsWith('npm i '));
    expect(installs.length).toBeGreaterThan(0);
    for (const line of installs) {
      const [command, comment = ''] = line.split('#');
      for (const name of command!
        .trim()
        .split(/\s+/)
        .slice(2)
        .filter((word) => !word.startsWith('-'))) {
        if (name.endsWith('.tgz')) expect(tarballs, line).toContain(name.split('/').at(-1));
        else expect(known, line).toContain(name);
      }
      for (const [, subpath] of comment.matchAll(/(?<![@\w])plankeeper\/([\w/-]+)/g)) {
        expect(Object.keys(core.exports), line).toContain(`./${subpath}`);
      }
    }
  });

  it('runs every TypeScript example somewhere', () => {
    const files = [...readme.matchAll(/<!-- example: (\S+) -->\n```ts\n/g)].map(([, file]) => file);
    expect(blocks.filter((block) => block.lang === 'ts')).toHaveLength(files.length);
    for (const file of files) {
      const test = RUN_ELSEWHERE[file!];
      expect(test, file).toBeDefined();
      const name = file!.replace(/^examples\//, '').replace(/\.ts$/, '');
      expect(readFileSync(new URL(test!, root), 'utf8'), file).toContain(`examples/${name}.js`);
    }
  });
});
