#!/usr/bin/env node
// plankeeper's bin for the real-CLI setup tests. `plankeeper hook` and `plankeeper mcp --for`
// are written on another branch; until they are here this runs the built CLI as it is, except
// that it drops `--for <agent>` when `mcp` does not know that flag, and answers a `hook` call
// with the neutral answer (nothing; `{}` for Gemini) when there is no `hook` command, which is
// what the real hook does when it fails. Once both exist, every call goes through unchanged.
const { createProgram, main } = await import(
  new URL('../../../../../dist/cli/main.js', import.meta.url).href
);
const commands = createProgram().commands;
const args = process.argv.slice(2);
// The tests see which hook events the coding agent ran, from this log.
if (args[0] === 'hook' && process.env.PLANKEEPER_TEST_HOOK_LOG) {
  const { appendFileSync } = await import('node:fs');
  appendFileSync(process.env.PLANKEEPER_TEST_HOOK_LOG, `${args.slice(0, 3).join(' ')}\n`);
}
if (args[0] === 'hook' && !commands.some((command) => command.name() === 'hook')) {
  if (args[1] === 'gemini') process.stdout.write('{}\n');
  process.exit(0);
}
const mcp = commands.find((command) => command.name() === 'mcp');
if (args[0] === 'mcp' && !mcp?.options.some((option) => option.long === '--for')) {
  const at = args.indexOf('--for');
  if (at >= 0) args.splice(at, 2);
}
process.exitCode = await main([process.argv[0], process.argv[1], ...args]);
