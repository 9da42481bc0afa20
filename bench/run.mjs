// `npm run bench`: every benchmark section in one run, each printing its figures next to
// a baseline measured in the same run on the same machine. Names after the script pick
// sections by their first word (`node bench/run.mjs opencode pi`); `sessions` picks the six
// coding agents' session sections and ends with one table of what plankeeper adds to each.
import { printTable } from './report.mjs';

const sections = [
  ['plan engine', './engine.mjs'],
  ['dependencies', './dependencies.mjs'],
  ['evidence rule', './evidence.mjs'],
  ['stores', './stores.mjs'],
  ['tokens', './tokens.mjs'],
  ['discipline presets', './discipline.mjs'],
  ['install size', './install.mjs'],
  ['hook start-up', './hook-startup.mjs'],
  ['dev-dependency hook call', './dev-dependency-hook.mjs'],
  ['claude-code sessions', './claude-code-sessions.mjs'],
  ['codex sessions', './codex-sessions.mjs'],
  ['gemini sessions', './gemini-sessions.mjs'],
  ['opencode sessions', './opencode-sessions.mjs'],
  ['claude-agent-sdk sessions', './claude-agent-sdk.mjs'],
  ['copilot sessions', './copilot-sessions.mjs'],
  ['pi sessions', './pi-sessions.mjs'],
  ['mcp sessions', './mcp.mjs'],
  ['sub-agents', './sub-agents.mjs'],
  ['claims on a shared list', './claims.mjs'],
  ['approval hold', './approval.mjs'],
  ['plan-file', './plan-file.mjs'],
  ['checks before done', './checks.mjs'],
];

/** The sections `sessions` stands for: one per coding agent plankeeper sets up. */
const AGENT_SESSIONS = ['claude-code', 'codex', 'gemini', 'opencode', 'copilot', 'pi'];

const only = process.argv
  .slice(2)
  .flatMap((name) => (name === 'sessions' ? AGENT_SESSIONS : [name]));
if (
  process.argv.includes('sessions') &&
  process.env.COPILOT_CLI_ENABLED_FEATURE_FLAGS === undefined
) {
  // Copilot's targets are the extension route's: Copilot loads extensions with this on.
  process.env.COPILOT_CLI_ENABLED_FEATURE_FLAGS = 'EXTENSIONS';
}
const summaries = [];
for (const [name, file] of sections) {
  if (only.length > 0 && !only.includes(name.split(' ')[0])) continue;
  let section;
  try {
    section = await import(file);
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes(file.slice(2)))
      continue;
    throw error;
  }
  console.log(`\n# ${name}`);
  const result = await section.default();
  if (AGENT_SESSIONS.includes(name.split(' ')[0]) && result?.perCall !== undefined) {
    summaries.push(result);
  }
}
if (summaries.length > 1) printSummary(summaries);

/** One row per agent: what plankeeper added to its sessions in this run, and how it answers. */
function printSummary(rows) {
  // Rounded as each section's verdict line rounds it: a tenth per call, whole ms per session.
  const mark = (value, target, digits) =>
    `${value.toFixed(digits)}${value <= target ? '' : ' (MISS)'}`;
  printTable(
    'what plankeeper adds to each coding agent (ms, this run; MISS: over its target)',
    [
      'agent',
      'per tool call',
      'target',
      'mean',
      'slope',
      'per session',
      'target',
      'load average',
      'route',
    ],
    rows.map((row) => [
      row.agent,
      mark(row.perCall, row.perCallTarget, 1),
      String(Math.round(row.perCallTarget)),
      row.meanPerCall === undefined ? '' : row.meanPerCall.toFixed(1),
      row.slope === undefined ? '' : row.slope.toFixed(1),
      mark(row.perSession, row.perSessionTarget, 0),
      String(Math.round(row.perSessionTarget)),
      row.load,
      row.route,
    ]),
  );
}
