/**
 * The README's CLI synopsis names every command and every flag the CLI accepts, as the built
 * CLI's own help lists them: a command or flag added without a line there fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../packages/cli/test/support/run-cli.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The first `sh` block of the README's "## CLI" section. */
function synopsis(): string {
  const section = readme.slice(readme.indexOf('\n## CLI\n'));
  return /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
}

/** The synopsis lines of `command`, continuation lines (indented) included. */
function linesOf(command: string): string {
  const lines: string[] = [];
  let current: string | undefined;
  for (const line of synopsis().split('\n')) {
    if (line.startsWith('plankeeper ')) current = line.split(/\s+/)[1];
    if (current === command) lines.push(line.replace(/#.*$/, ''));
  }
  return lines.join('\n');
}

async function help(args: string[]): Promise<string> {
  const run = await runCli([...args, '--help']);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

/** The long flags `--help` lists, without the help flag and flags kept only under a renamed name. */
function flagsIn(helpText: string): string[] {
  const options = helpText.slice(helpText.indexOf('\nOptions:\n'));
  return options
    .split('\n')
    .filter((line) => /^\s+(-\w, )?--/.test(line) && !/\brenamed\b/.test(line))
    .map((line) => /--[\w-]+/.exec(line)![0])
    .filter((flag) => flag !== '--help');
}

const commandsListed = async () =>
  [...(await help([])).matchAll(/^ {2}([a-z-]+) /gm)]
    .map((match) => match[1]!)
    .filter((name) => name !== 'help');

describe('README CLI synopsis', () => {
  it('has a line for every command --help lists', async () => {
    const commands = await commandsListed();
    expect(commands).toContain('todos');
    expect(commands.filter((command) => linesOf(command) === '')).toEqual([]);
  });

  it("names every flag of every command, on that command's lines", async () => {
    const missing: string[] = [];
    let seen = 0;
    for (const command of await commandsListed()) {
      const lines = linesOf(command);
      for (const flag of flagsIn(await help([command]))) {
        seen++;
        if (!new RegExp(`${flag}(?![\\w-])`).test(lines)) missing.push(`${command} ${flag}`);
      }
    }
    // The check reads the flags at all, so an empty list below means something.
    expect(seen).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
