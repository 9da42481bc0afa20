#!/usr/bin/env node
// Runs the compiled CLI. `npm ci` builds it (the `prepare` script); a checkout without a
// build gets a one-line hint instead of a stack trace.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Each coding agent's neutral hook answer where it is not an empty stdout (Gemini CLI reads an
 * empty object as "no decision"; an empty stdout makes it parse stderr). Written out here, not
 * read from the agent registry, so that it holds when nothing else loads; the coding-agent
 * contract suite checks it against every registered agent's hook adapter.
 */
const NEUTRAL_ANSWERS = { gemini: '{}' };

// `hook --help` goes to commander below, with the other commands' help.
const wantsHelp = process.argv.includes('--help') || process.argv.includes('-h');
if (process.argv[2] === 'hook' && !wantsHelp) {
  // A hook runs on every tool call of a coding agent: straight to the hook runner, without
  // commander or any other command, bundled into one file by the build (scripts/build-hook.mjs)
  // since resolving and reading each module was most of its start-up, and run with V8's code
  // cache (dist/cli/compile-cache.js). Even a broken or missing bundle fails open (one line,
  // exit 0).
  try {
    const { hookMain } = await loadBundled('../dist/coding-agents/hook/bundle/hook.cjs');
    await hookMain(process.argv.slice(3));
  } catch (error) {
    process.stderr.write(`plankeeper hook: cannot start (${error?.message ?? error})\n`);
    const neutral = Object.hasOwn(NEUTRAL_ANSWERS, process.argv[3])
      ? NEUTRAL_ANSWERS[process.argv[3]]
      : '';
    if (neutral !== '') process.stdout.write(`${neutral}\n`);
    process.exit(0);
  }
}

/**
 * `plankeeper mcp` from its bundle (scripts/build-mcp.mjs): the same main with only that
 * command, since a coding agent starts the server at every session and waits for it. Undefined
 * when there is no loadable bundle; the unbundled CLI then serves, as it always did.
 */
async function bundledMcp() {
  const bundle = '../dist/bundle/mcp.cjs';
  if (!existsSync(fileURLToPath(new URL(bundle, import.meta.url)))) return undefined;
  try {
    return await loadBundled(bundle);
  } catch (error) {
    process.stderr.write(
      `plankeeper mcp: the bundled server did not load (${error?.message ?? error}); starting unbundled.\n`,
    );
    return undefined;
  }
}

/** The exports of the CommonJS bundle at `path` (from this folder), run with the code cache. */
async function loadBundled(path) {
  const { loadBundle } = await import('../dist/cli/compile-cache.js');
  return loadBundle(fileURLToPath(new URL(path, import.meta.url))).exports;
}

/**
 * For `plankeeper mcp` over stdio, the answers to a client's listing requests as the same
 * build and command line gave them last time, written while the server loads
 * (src/cli/mcp-early/early-answers.ts). Undefined where that does not apply or cannot start.
 */
async function earlyAnswers() {
  if (process.argv[2] !== 'mcp' || wantsHelp) return undefined;
  if (process.argv.some((arg) => arg === '--http' || arg.startsWith('--http='))) return undefined;
  try {
    const early = await import('../dist/cli/mcp-early/early-answers.js');
    // A command line the server may refuse gets no remembered start (command-line-check.ts).
    if (!early.plausibleMcpArgs(process.argv.slice(3))) return undefined;
    const built = ['../dist/bundle/mcp.cjs', '../dist/cli/commands/mcp.js', '../package.json'];
    const files = built.map((path) => fileURLToPath(new URL(path, import.meta.url)));
    return early.startEarlyAnswers(early.identityOf(files, process.argv.slice(2)));
  } catch {
    return undefined;
  }
}

const early = await earlyAnswers();
// Running the bundle holds the event loop: first let the handshake be answered from memory.
if (early !== undefined) await early.quiet;
const loaded = (process.argv[2] === 'mcp' && (await bundledMcp())) || (await unbundledMain());
if (early !== undefined) loaded.useMcpStdio(early);
process.exitCode = await loaded.main(process.argv);
if (process.argv[2] === 'mcp') {
  // The server has closed its store and answered every request it read. A coding agent waits
  // for this process to end before it ends its own session; leaving the event loop to drain
  // and Node to tear the whole heap down took 40-80 ms more than exiting here (measured).
  process.stdout.write('', () => process.exit());
}

async function unbundledMain() {
  const entry = new URL('../dist/cli/main.js', import.meta.url);
  if (!existsSync(entry)) {
    process.stderr.write(
      'plankeeper: not built yet; run `npm run build` (npm ci does it for you).\n',
    );
    process.exit(3);
  }
  return await import(entry.href);
}
